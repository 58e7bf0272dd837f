import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { toDocumentJson, type DocumentUpload } from '../../contract/documents';
import { ErrorCode } from '../../contract/errors';
import { FILE_TYPE_MESSAGE } from '../../contract/images';
import {
  boolean,
  changingHeaders,
  eachLike,
  errorBody,
  integer,
  pact,
  pactClient,
  regex,
  string,
  failureOf,
} from './support';

/**
 * The provider state 'an equipment with documents' gives the first equipment of the customer of `email` a document
 * of two versions and a deleted document, uploads a PDF to storage, and answers their ids and that file.
 */
const EXAMPLE = { equipmentId: 1, documentId: 2, firstVersionId: 1, deletedDocumentId: 3 };
const ACME_FOLDER = '6c195e07e6b76e8dc881ab61b74aafb9';
const BUCKET = 'portal-equipment';
const KEY_PATTERN = '^[0-9a-f]{32}/Equipment/[0-9a-f]+\\.[a-z]+$';
const ISO = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';

const withDocuments = (email = 'user@acme-labs.example') => ['an equipment with documents', { email }] as const;
const signedIn = (email = 'user@acme-labs.example') => ['a signed-in user', { email }] as const;

/** A path under Document/Equipment with the ids of the provider state. */
const documentPath = (suffix = '', example = '') =>
  MatchersV3.fromProviderState(
    `/api/Document/Equipment/\${equipmentId}${suffix}`,
    `/api/Document/Equipment/${EXAMPLE.equipmentId}${example}`,
  );

const document = (overrides: Record<string, unknown> = {}) => ({
  documentId: integer(EXAMPLE.documentId),
  identifier: {
    documentName: string('Operating manual.pdf'),
    resourceKey: regex(KEY_PATTERN, `${ACME_FOLDER}/Equipment/${'a'.repeat(32)}.pdf`),
    bucketName: BUCKET,
    size: integer(2048),
  },
  documentName: string('Operating manual.pdf'),
  uploadDate: regex(ISO, '2026-03-02T09:30:00.000Z'),
  userName: string('Uma Standard'),
  isDeleted: boolean(false),
  version: integer(2),
  ...overrides,
});

const deleteHeaders = { 'x-xsrf-token': changingHeaders['x-xsrf-token'] };

describe('documents (consumer)', () => {
  it('lists the documents of an equipment, active and deleted', async () => {
    const provider = pact()
      .given(...signedIn())
      .given(...withDocuments())
      .uponReceiving('a request for the documents of an equipment')
      .withRequest({ method: 'GET', path: documentPath() })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: eachLike(document(), 2) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).documents.list({
        params: { type: 'Equipment', id: EXAMPLE.equipmentId },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: [{ documentName: 'Operating manual.pdf' }, {}] });
    });
  });

  it('reads the version history of a document', async () => {
    const provider = pact()
      .given(...signedIn())
      .given(...withDocuments())
      .uponReceiving('a request for the version history of a document')
      .withRequest({ method: 'GET', path: documentPath('/${documentId}', `/${EXAMPLE.documentId}`) })
      .willRespondWith({
        status: 200,
        body: { errorCode: 0, result: eachLike(document(), 2) },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).documents.history({
        params: { type: 'Equipment', id: EXAMPLE.equipmentId, documentId: EXAMPLE.documentId },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: [{ version: 2 }, { version: 2 }] });
    });
  });

  it('registers a file uploaded to storage as a document', async () => {
    const uploaded: DocumentUpload = {
      documentName: 'manual.pdf',
      resourceKey: `${ACME_FOLDER}/Equipment/${'b'.repeat(32)}.pdf`,
      bucketName: BUCKET,
      size: 2048,
    };
    const provider = pact()
      .given(...signedIn())
      .given(...withDocuments())
      .uponReceiving('a registration of an uploaded document file')
      .withRequest({
        method: 'PUT',
        path: documentPath(),
        headers: changingHeaders,
        body: [MatchersV3.fromProviderState('${documentJson}', toDocumentJson(uploaded))],
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: eachLike(
            document({
              documentName: 'manual.pdf',
              identifier: {
                documentName: 'manual.pdf',
                resourceKey: regex(KEY_PATTERN, uploaded.resourceKey),
                bucketName: BUCKET,
                size: integer(2048),
              },
              version: integer(1),
            }),
          ),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).documents.upload({
        params: { type: 'Equipment', id: EXAMPLE.equipmentId },
        body: [toDocumentJson(uploaded)],
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: [{ documentName: 'manual.pdf' }] });
    });
  });

  it('is refused a file of a type that is not a document type', async () => {
    const body = [
      toDocumentJson({
        documentName: 'setup.exe',
        resourceKey: `${ACME_FOLDER}/Equipment/${'c'.repeat(32)}.exe`,
        bucketName: BUCKET,
        size: 2048,
      }),
    ];
    const provider = pact()
      .given(...signedIn())
      .uponReceiving('a registration of a document file of a refused type')
      .withRequest({
        method: 'PUT',
        path: `/api/Document/Equipment/${EXAMPLE.equipmentId}`,
        headers: changingHeaders,
        body,
      })
      .willRespondWith({
        status: 400,
        body: {
          ...errorBody(400),
          issues: eachLike({ path: MatchersV3.like([0, 'documentName']), message: FILE_TYPE_MESSAGE, code: 'custom' }),
        },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).documents.upload({
          params: { type: 'Equipment', id: EXAMPLE.equipmentId },
          body,
          silent: true,
        }),
      );
      expect(error).toMatchObject({ kind: 'http', status: 400 });
    });
  });

  it('moves a document to Deleted items', async () => {
    const provider = pact()
      .given(...signedIn())
      .given(...withDocuments())
      .uponReceiving('a request to delete a document')
      .withRequest({
        method: 'DELETE',
        path: documentPath('/${documentId}', `/${EXAMPLE.documentId}`),
        query: { isDeletePermanently: 'false' },
        headers: deleteHeaders,
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: null } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).documents.remove({
        params: { type: 'Equipment', id: EXAMPLE.equipmentId, documentId: EXAMPLE.documentId },
        query: { isDeletePermanently: false },
      });
      expect(res.body).toEqual({ errorCode: 0, result: null });
    });
  });

  it('deletes a deleted document for good', async () => {
    const provider = pact()
      .given(...signedIn())
      .given(...withDocuments())
      .uponReceiving('a request to delete a deleted document permanently')
      .withRequest({
        method: 'DELETE',
        path: documentPath('/${deletedDocumentId}', `/${EXAMPLE.deletedDocumentId}`),
        query: { isDeletePermanently: 'true' },
        headers: deleteHeaders,
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: null } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).documents.remove({
        params: { type: 'Equipment', id: EXAMPLE.equipmentId, documentId: EXAMPLE.deletedDocumentId },
        query: { isDeletePermanently: true },
      });
      expect(res.body).toEqual({ errorCode: 0, result: null });
    });
  });

  it('restores a deleted document', async () => {
    const provider = pact()
      .given(...signedIn())
      .given(...withDocuments())
      .uponReceiving('a request to restore a deleted document')
      .withRequest({
        method: 'POST',
        path: documentPath('/${deletedDocumentId}', `/${EXAMPLE.deletedDocumentId}`),
        headers: changingHeaders,
        body: {},
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: document({ documentId: integer(EXAMPLE.deletedDocumentId), isDeleted: false, version: integer(1) }),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).documents.restore({
        params: { type: 'Equipment', id: EXAMPLE.equipmentId, documentId: EXAMPLE.deletedDocumentId },
        body: {},
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { isDeleted: false } });
    });
  });

  it('a user of another customer is refused the documents of the equipment as the equipment is (10002)', async () => {
    const provider = pact()
      .given(...signedIn('user@globex.example'))
      .given(...withDocuments('user@acme-labs.example'))
      .uponReceiving('a request for the documents of an equipment of another customer')
      .withRequest({ method: 'GET', path: documentPath() })
      .willRespondWith({
        status: 200,
        body: { errorCode: ErrorCode.EquipmentNotFound, errorMessage: string(`No equipment ${EXAMPLE.equipmentId}`) },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).documents.list({
          params: { type: 'Equipment', id: EXAMPLE.equipmentId },
          silent: true,
        }),
      );
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound });
    });
  });
});
