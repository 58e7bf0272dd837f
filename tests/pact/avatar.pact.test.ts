import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import type { AvatarChange } from '../../contract/accountManagement';
import { MessageKey } from '../../contract/errors';
import { changingHeaders, like, loggedInUser, pact, pactClient, regex, string, failureOf } from './support';

/**
 * The provider state 'a user about to set an avatar' signs in a user of Acme Labs and uploads an image, its 64 px
 * thumbnail and a text file named .png to storage; their keys come back as imageKey, thumbnailKey and textKey.
 */
const EMAIL = 'avatar@acme-labs.example';
const ACME_FOLDER = '6c195e07e6b76e8dc881ab61b74aafb9';
const BUCKET = 'portal-avatar';
const exampleKey = (name: string) => `${ACME_FOLDER}/Avatar/${name.padEnd(32, '0')}.png`;
/** A signed download URL of the store: the browser loads it as it is. */
const signedUrl = (key: string) =>
  regex('^/files/portal-avatar/.+\\?.*signature=.+$', `/files/${BUCKET}/${key}?expires=1800000000&signature=abc`);

const aboutToSet = (withAvatar = false) => ['a user about to set an avatar', { email: EMAIL, withAvatar }] as const;

const fromState = (expression: string, example: string) => ({
  resourceKey: MatchersV3.fromProviderState(`\${${expression}}`, example),
  bucketName: BUCKET,
});

describe('avatar (consumer)', () => {
  it('sets the avatar from an uploaded image and thumbnail, and gets their URLs', async () => {
    const body: AvatarChange = {
      image: { resourceKey: exampleKey('a1'), bucketName: BUCKET },
      thumbnail: { resourceKey: exampleKey('b1'), bucketName: BUCKET },
    };
    const provider = pact()
      .given(...aboutToSet())
      .uponReceiving('a new avatar of the signed-in user')
      .withRequest({
        method: 'POST',
        path: '/api/Users/profile/avatar',
        headers: changingHeaders,
        body: {
          image: fromState('imageKey', body.image.resourceKey),
          thumbnail: fromState('thumbnailKey', body.thumbnail.resourceKey),
        },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: { avatarUrl: signedUrl(exampleKey('a1')), avatarThumbnailUrl: signedUrl(exampleKey('b1')) },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.uploadAvatar({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { avatarThumbnailUrl: expect.any(String) } });
    });
  });

  it('is told when a file is not a JPEG or PNG image by its content', async () => {
    const body: AvatarChange = {
      image: { resourceKey: exampleKey('c1'), bucketName: BUCKET },
      thumbnail: { resourceKey: exampleKey('d1'), bucketName: BUCKET },
    };
    const provider = pact()
      .given(...aboutToSet())
      .uponReceiving('a new avatar whose image is not an image')
      .withRequest({
        method: 'POST',
        path: '/api/Users/profile/avatar',
        headers: changingHeaders,
        body: {
          image: fromState('textKey', body.image.resourceKey),
          thumbnail: fromState('thumbnailKey', body.thumbnail.resourceKey),
        },
      })
      .willRespondWith({ status: 400, body: { errorCode: 400, errorMessage: MessageKey.imageTypeLimit } });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).accountManagement.uploadAvatar({ body, silent: true }));
      expect(error).toMatchObject({ kind: 'http', status: 400, errorMessage: MessageKey.imageTypeLimit });
    });
  });

  it('reads the signed-in user with the URLs of their avatar', async () => {
    const provider = pact()
      .given(...aboutToSet(true))
      .uponReceiving('a request for the current user who has an avatar')
      .withRequest({ method: 'GET', path: '/api/users/me' })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: like(
            loggedInUser({
              emailAddress: string(EMAIL),
              avatarUrl: signedUrl(exampleKey('e1')),
              avatarThumbnailUrl: signedUrl(exampleKey('f1')),
            }),
          ),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).users.me();
      expect(res.body).toMatchObject({ errorCode: 0, result: { avatarUrl: expect.stringContaining('/files/') } });
    });
  });
});
