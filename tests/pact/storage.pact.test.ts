import { describe, expect, it } from 'vitest';
import { FILE_SIZE_MESSAGE, IMAGE_MAX_BYTES, SIGNED_URL_SECONDS, STORAGE_QUOTA_MESSAGE } from '../../contract/images';
import {
  changingHeaders,
  eachLike,
  errorBody,
  integer,
  like,
  pact,
  pactClient,
  regex,
  string,
  failureOf,
} from './support';

/** Encrypted ids of Acme Labs and Globex in the demo world: the folders of their files. */
const ACME_FOLDER = '6c195e07e6b76e8dc881ab61b74aafb9';
const GLOBEX_FOLDER = '6466b81e359ffd8cf36523bd9e8c3f01';
const ACME_KEY = `${ACME_FOLDER}/Equipment/0123456789abcdef0123456789abcdef.png`;
const signedIn = ['a signed-in user', { email: 'user@acme-labs.example' }] as const;
const heldByARecord = [
  'a stored file',
  { email: 'user@acme-labs.example', bucketName: 'portal-equipment', resourceKey: ACME_KEY, heldBy: 'equipmentImage' },
] as const;

const photo = { fileName: 'pump.png', contentType: 'image/png', size: 2048, fileType: 'EquipmentImage' as const };

const signedUrl = regex('^/files/.+signature=.+$', `/files/portal-equipment/${ACME_KEY}?expires=1&signature=x`);

const downloadUrl = (resourceKey: string) => ({
  resourceKey,
  bucketName: 'portal-equipment',
  url: signedUrl,
  expiresInSeconds: integer(SIGNED_URL_SECONDS),
});

describe('storage (consumer)', () => {
  it('asks for an upload URL in the customer’s folder', async () => {
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a request for an upload URL of an equipment image')
      .withRequest({ method: 'POST', path: '/api/Storage/uploadUrl', headers: changingHeaders, body: photo })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            resourceKey: regex(`^${ACME_FOLDER}/Equipment/[0-9a-f]+\\.png$`, ACME_KEY),
            bucketName: 'portal-equipment',
            uploadUrl: signedUrl,
            method: 'PUT',
            headers: { 'Content-Type': 'image/png' },
            expiresInSeconds: integer(SIGNED_URL_SECONDS),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).images.requestUploadUrl({ body: photo });
      expect(res.body).toMatchObject({ errorCode: 0, result: { bucketName: 'portal-equipment', method: 'PUT' } });
    });
  });

  it('is refused an upload URL for a file larger than the kind allows', async () => {
    const body = { ...photo, size: IMAGE_MAX_BYTES + 1 };
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a request for an upload URL of a too large image')
      .withRequest({ method: 'POST', path: '/api/Storage/uploadUrl', headers: changingHeaders, body })
      .willRespondWith({
        status: 400,
        body: {
          ...errorBody(400),
          issues: eachLike({ path: ['size'], message: FILE_SIZE_MESSAGE, code: string('custom') }),
        },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).images.requestUploadUrl({ body }));
      expect(error).toMatchObject({ kind: 'http', status: 400 });
    });
  });

  it('asks for a download URL of a file of the customer', async () => {
    const query = { resourceKey: ACME_KEY, bucketName: 'portal-equipment' };
    const provider = pact()
      .given(...signedIn)
      .given(...heldByARecord)
      .uponReceiving('a request for a download URL')
      .withRequest({ method: 'GET', path: '/api/Storage/downloadUrl', query })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: downloadUrl(ACME_KEY) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).images.requestDownloadUrl({ query });
      expect(res.body).toMatchObject({ errorCode: 0, result: { resourceKey: ACME_KEY } });
    });
  });

  it('is refused a download URL of a file of another customer', async () => {
    const query = { resourceKey: `${GLOBEX_FOLDER}/Equipment/0123456789abcdef.png`, bucketName: 'portal-equipment' };
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a request for a download URL of a file of another customer')
      .withRequest({ method: 'GET', path: '/api/Storage/downloadUrl', query })
      .willRespondWith({ status: 403, body: errorBody(403) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).images.requestDownloadUrl({ query }));
      expect(error).toMatchObject({ kind: 'http', status: 403 });
    });
  });

  it('is answered 404 for an upload no record holds', async () => {
    const query = { resourceKey: ACME_KEY, bucketName: 'portal-equipment' };
    const provider = pact()
      .given(...signedIn)
      .given('a stored file', {
        email: 'user@acme-labs.example',
        bucketName: 'portal-equipment',
        resourceKey: ACME_KEY,
      })
      .uponReceiving('a request for a download URL of an upload no record holds')
      .withRequest({ method: 'GET', path: '/api/Storage/downloadUrl', query })
      .willRespondWith({ status: 404, body: errorBody(404) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).images.requestDownloadUrl({ query }));
      expect(error).toMatchObject({ kind: 'http', status: 404 });
    });
  });

  it('is refused an upload URL beyond the storage quota, with the message key', async () => {
    const provider = pact()
      .given(...signedIn)
      .given('the user has no room for more uploads', { email: 'user@acme-labs.example' })
      .uponReceiving('a request for an upload URL beyond the storage quota')
      .withRequest({ method: 'POST', path: '/api/Storage/uploadUrl', headers: changingHeaders, body: photo })
      .willRespondWith({ status: 400, body: { errorCode: 400, errorMessage: STORAGE_QUOTA_MESSAGE } });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).images.requestUploadUrl({ body: photo }));
      expect(error).toMatchObject({ kind: 'http', status: 400, errorMessage: STORAGE_QUOTA_MESSAGE });
    });
  });

  it('asks for download URLs of several files at once', async () => {
    const body = { files: [{ resourceKey: ACME_KEY, bucketName: 'portal-equipment' }] };
    const provider = pact()
      .given(...signedIn)
      .given(...heldByARecord)
      .uponReceiving('a request for download URLs of a page of thumbnails')
      .withRequest({ method: 'POST', path: '/api/Storage/downloadUrls', headers: changingHeaders, body })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { items: eachLike(downloadUrl(ACME_KEY)) } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).images.requestDownloadUrls({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { items: [{ resourceKey: ACME_KEY }] } });
    });
  });

  it('reads the cloud credentials of the file store', async () => {
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a request for the cloud credentials')
      .withRequest({ method: 'GET', path: '/api/users/cloudCredential' })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            region: string('local'),
            identityPoolId: string('local:portal-files'),
            identityId: ACME_FOLDER,
            token: regex('^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$', 'eyJpZCI6MX0.c2lnbmF0dXJl'),
            bucketConversionMaps: like({ 'portal-equipment': 'portal-equipment' }),
            fileTypeBucketNameMaps: like({ Equipment: 'portal-equipment', ServiceRequest: 'portal-service-request' }),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).customers.cloudCredential();
      expect(res.body).toMatchObject({ errorCode: 0, result: { identityId: ACME_FOLDER } });
    });
  });
});
