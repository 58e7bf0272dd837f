import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { initServer } from '@ts-rest/fastify';
import {
  BucketName,
  FILE_TYPE_MESSAGE,
  imagesContract,
  ResourceKey,
  type FileIdentifier,
} from '../../../contract/images';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { ok } from '../lib/envelope';
import { badRequest } from '../lib/problem';
import { storageIdentityOf } from '../storage/identity';
import { localStorageOf, storageOf } from '../storage';
import {
  BUCKET_OF_FILE_TYPE,
  contentDisposition,
  contentTypeFits,
  FILE_TYPE_OF_UPLOAD,
  isKnownBucket,
  mediaType,
  newObjectKey,
  servedContentType,
} from '../storage/layout';
import { finishReceiving, grantUpload, registeredFile, startReceiving } from '../storage/registry';
import { requireReadableFiles } from './records';
import { FILES_PREFIX } from '../storage/signing';

const s = initServer();

/** The Storage/* calls: sign uploads into the caller's customer folder, and downloads of files found there. */
export function imagesRouter({ db, config }: AppDeps) {
  const downloadUrl = async (file: FileIdentifier) => {
    const link = await storageOf(config).presignDownload({ bucket: file.bucketName, key: file.resourceKey });
    return { ...file, url: link.url, expiresInSeconds: link.expiresInSeconds };
  };

  return s.router(imagesContract, {
    // The contract's schema has already checked the extension, size and (where the kind names them) the type.
    requestUploadUrl: async ({ request, body }) => {
      const actor = actorOf(request);
      // A type that does not go with the extension is refused with the contract's message key.
      if (!contentTypeFits(body.fileName, body.contentType)) throw badRequest(FILE_TYPE_MESSAGE);
      const fileType = FILE_TYPE_OF_UPLOAD[body.fileType];
      const bucketName = BUCKET_OF_FILE_TYPE[fileType];
      const resourceKey = newObjectKey(await storageIdentityOf(db, actor.customerId), fileType, body.fileName);
      await grantUpload(
        db,
        { bucketName, resourceKey },
        { customerId: actor.customerId, userId: actor.userId },
        body.size,
      );
      const { url, ...upload } = await storageOf(config).presignUpload({
        bucket: bucketName,
        key: resourceKey,
        contentType: mediaType(body.contentType),
        maxBytes: body.size,
      });
      return ok({ resourceKey, bucketName, uploadUrl: url, ...upload });
    },

    requestDownloadUrl: async ({ request, query }) => {
      const file = { resourceKey: query.resourceKey, bucketName: query.bucketName };
      await requireReadableFiles(db, actorOf(request), [file]);
      return ok(await downloadUrl(file));
    },

    requestDownloadUrls: async ({ request, body }) => {
      await requireReadableFiles(db, actorOf(request), body.files);
      return ok({ items: await Promise.all(body.files.map(downloadUrl)) });
    },
  });
}

// ---- The store's own file endpoints: plain HTTP, authorised by the signature of the URL, not by a session. ----

const answer = (reply: FastifyReply, status: number, errorMessage: string) =>
  reply.status(status).send({ errorCode: status, errorMessage });

/** The object a file URL names, or null when the bucket or key cannot exist. */
function objectOf(request: FastifyRequest): { bucket: string; key: string } | null {
  const params = request.params as { bucket?: string; '*'?: string };
  const bucket = BucketName.safeParse(params.bucket);
  const key = ResourceKey.safeParse(params['*']);
  if (!bucket.success || !key.success || !isKnownBucket(bucket.data)) return null;
  return { bucket: bucket.data, key: key.data };
}

/** The query of a file URL, one string per name. */
const queryOf = (request: FastifyRequest): Record<string, string | undefined> =>
  Object.fromEntries(
    Object.entries(request.query as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );

const refusal = (reason: 'forged' | 'expired') =>
  reason === 'expired' ? 'The signed URL has expired' : 'The signature of the URL does not match';

/** Register PUT and GET /files/<bucket>/<key>: the upload and download URLs the local store signs. */
export async function registerFileRoutes(app: FastifyInstance, { db, config }: AppDeps): Promise<void> {
  // On S3 the store serves its own signed URLs.
  if (config.s3) return;
  const storage = localStorageOf(config);
  await app.register(async (scope) => {
    // The body is the file itself, of any type: the upload handler streams it to disk.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.put(`${FILES_PREFIX}/:bucket/*`, async (request, reply) => {
      const target = objectOf(request);
      if (!target) return answer(reply, 404, 'No such file');
      const check = storage.checkGrant({ method: 'PUT', ...target }, queryOf(request));
      if (!check.ok) return answer(reply, 403, refusal(check.reason));
      const { maxBytes, contentType } = check.grant;
      if (maxBytes === undefined || contentType === undefined) return answer(reply, 403, refusal('forged'));
      if (mediaType(request.headers['content-type'] ?? '') !== contentType) {
        return answer(reply, 415, `The upload must be sent as ${contentType}`);
      }
      const tooLarge = () =>
        answer(reply.header('Connection', 'close'), 413, `The file is larger than the ${maxBytes} bytes declared`);
      if (Number(request.headers['content-length'] ?? 0) > maxBytes) return tooLarge();
      if (!(await startReceiving(db, target.bucket, target.key))) {
        return answer(reply, 409, 'This upload URL has been used; ask for a new one');
      }
      const outcome = await storage
        .receive(target.bucket, target.key, maxBytes, request.raw)
        .catch(async (error: unknown) => {
          await finishReceiving(db, target.bucket, target.key, null);
          throw error;
        });
      await finishReceiving(db, target.bucket, target.key, outcome.ok ? outcome : null);
      if (!outcome.ok) return outcome.reason === 'tooLarge' ? tooLarge() : answer(reply, 400, 'The upload is empty');
      return reply.header('ETag', `"${outcome.sha256}"`).status(200).send();
    });

    scope.get(`${FILES_PREFIX}/:bucket/*`, async (request, reply) => {
      const target = objectOf(request);
      if (!target) return answer(reply, 404, 'No such file');
      const check = storage.checkGrant({ method: 'GET', ...target }, queryOf(request));
      if (!check.ok) return answer(reply, 403, refusal(check.reason));
      // Only what a record holds is served: not an upload no record took, nor bytes put there some other way.
      const registered = await registeredFile(db, { bucketName: target.bucket, resourceKey: target.key });
      const found = registered ? await storage.open(target.bucket, target.key) : null;
      if (!found) return answer(reply, 404, 'No such file');
      const maxAge = Math.max(0, check.grant.expires - Math.floor(Date.now() / 1000));
      return reply
        .headers({
          'Content-Type': servedContentType(target.key),
          'Content-Length': String(found.size),
          'Content-Disposition': contentDisposition(target.key, check.grant.fileName),
          'Cache-Control': `private, max-age=${maxAge}`,
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
        })
        .send(found.stream);
    });
  });
}
