import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { ErrorCode } from '../../contract/errors';
import type { NewEquipmentImage } from '../../contract/images';
import {
  changingHeaders,
  eachLike,
  errorBody,
  integer,
  nullValue,
  pact,
  pactClient,
  regex,
  string,
  failureOf,
} from './support';

/**
 * The provider state 'an equipment with images' gives the first equipment of the user's customer two images under
 * these ids (the first the default), and uploads an image and its thumbnail to storage whose keys it returns.
 */
const FIRST_IMAGE = 990001;
const SECOND_IMAGE = 990002;
const EXAMPLE_EQUIPMENT = 1;
const ACME_FOLDER = '6c195e07e6b76e8dc881ab61b74aafb9';
const BUCKET = 'portal-equipment';
const KEY_PATTERN = '^[0-9a-f]{32}/Equipment/[0-9a-f]+\\.(png|jpe?g|gif|bmp)$';
const exampleKey = (name: string) => `${ACME_FOLDER}/Equipment/${name.padEnd(32, '0')}.png`;

const withImages = (email = 'user@acme-labs.example') =>
  ['an equipment with images', { email, firstImageId: FIRST_IMAGE, secondImageId: SECOND_IMAGE }] as const;

/** A path with the equipment id of the provider state. */
const equipmentPath = (suffix: string) =>
  MatchersV3.fromProviderState(
    `/api/Equipment/\${equipmentId}/${suffix}`,
    `/api/Equipment/${EXAMPLE_EQUIPMENT}/${suffix}`,
  );

const file = (resourceKey: string) => ({ resourceKey: regex(KEY_PATTERN, resourceKey), bucketName: BUCKET });

const image = (resourceId: number, fileName: string) => ({
  resourceId: integer(resourceId),
  imageIdentifier: file(exampleKey('a1')),
  thumbnailIdentifier: file(exampleKey('b1')),
  fileName: string(fileName),
});

describe('equipment images (consumer)', () => {
  it('registers an uploaded image and its thumbnail', async () => {
    const added: NewEquipmentImage = {
      imageIdentifier: { resourceKey: exampleKey('c1'), bucketName: BUCKET },
      thumbnailIdentifier: { resourceKey: exampleKey('d1'), bucketName: BUCKET },
      fileName: 'pump-front.png',
    };
    const provider = pact()
      .given(...withImages())
      .uponReceiving('a registration of an uploaded equipment image')
      .withRequest({
        method: 'PUT',
        path: equipmentPath('image'),
        headers: changingHeaders,
        body: {
          addList: [
            {
              imageIdentifier: {
                resourceKey: MatchersV3.fromProviderState('${imageKey}', added.imageIdentifier.resourceKey),
                bucketName: BUCKET,
              },
              thumbnailIdentifier: {
                resourceKey: MatchersV3.fromProviderState('${thumbnailKey}', added.thumbnailIdentifier.resourceKey),
                bucketName: BUCKET,
              },
              fileName: added.fileName,
            },
          ],
          deleteList: [],
        },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            images: eachLike(image(FIRST_IMAGE, 'front.png'), 3),
            defaultImage: image(FIRST_IMAGE, 'front.png'),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.updateImages({
        params: { id: EXAMPLE_EQUIPMENT },
        body: { addList: [added], deleteList: [] },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { defaultImage: { resourceId: FIRST_IMAGE } } });
    });
  });

  it('deletes the default image; the first remaining image becomes the default', async () => {
    const body = { addList: [], deleteList: [FIRST_IMAGE] };
    const provider = pact()
      .given(...withImages())
      .uponReceiving('a deletion of the default equipment image')
      .withRequest({ method: 'PUT', path: equipmentPath('image'), headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: { images: [image(SECOND_IMAGE, 'back.png')], defaultImage: image(SECOND_IMAGE, 'back.png') },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.updateImages({ params: { id: EXAMPLE_EQUIPMENT }, body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { defaultImage: { resourceId: SECOND_IMAGE } } });
    });
  });

  it('deletes the last images; the equipment has no image data', async () => {
    const body = { addList: [], deleteList: [FIRST_IMAGE, SECOND_IMAGE] };
    const provider = pact()
      .given(...withImages())
      .uponReceiving('a deletion of every equipment image')
      .withRequest({ method: 'PUT', path: equipmentPath('image'), headers: changingHeaders, body })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: nullValue() } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.updateImages({ params: { id: EXAMPLE_EQUIPMENT }, body });
      expect(res.body).toEqual({ errorCode: 0, result: null });
    });
  });

  it('makes another image the default', async () => {
    const body = { resourceId: SECOND_IMAGE };
    const provider = pact()
      .given(...withImages())
      .uponReceiving('a request to make an equipment image the default')
      .withRequest({ method: 'PUT', path: equipmentPath('defaultImage'), headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            images: [image(FIRST_IMAGE, 'front.png'), image(SECOND_IMAGE, 'back.png')],
            defaultImage: image(SECOND_IMAGE, 'back.png'),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.setDefaultImage({ params: { id: EXAMPLE_EQUIPMENT }, body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { defaultImage: { resourceId: SECOND_IMAGE } } });
    });
  });

  it('is refused an image that is not one of this equipment', async () => {
    const body = { resourceId: 987654 };
    const provider = pact()
      .given(...withImages())
      .uponReceiving('a request to make an unknown image the default')
      .withRequest({ method: 'PUT', path: equipmentPath('defaultImage'), headers: changingHeaders, body })
      .willRespondWith({ status: 404, body: errorBody(404) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).equipment.setDefaultImage({ params: { id: EXAMPLE_EQUIPMENT }, body, silent: true }),
      );
      expect(error).toMatchObject({ kind: 'http', status: 404 });
    });
  });

  it('is refused the images of another customer’s equipment', async () => {
    const body = { addList: [], deleteList: [FIRST_IMAGE] };
    const provider = pact()
      .given(...withImages('user@globex.example'))
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .uponReceiving('a change of the images of another customer’s equipment')
      .withRequest({ method: 'PUT', path: equipmentPath('image'), headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: { errorCode: ErrorCode.EquipmentNotFound, errorMessage: string('No equipment') },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).equipment.updateImages({ params: { id: EXAMPLE_EQUIPMENT }, body, silent: true }),
      );
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound });
    });
  });
});
