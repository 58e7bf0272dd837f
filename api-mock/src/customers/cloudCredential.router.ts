import { initServer } from '@ts-rest/fastify';
import { customersContract } from '../../../contract/customers';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { ok } from '../lib/envelope';
import { storageOf } from '../storage';
import { storageIdentityOf } from '../storage/identity';
import { BUCKET_OF_FILE_TYPE, BUCKETS } from '../storage/layout';

const s = initServer();

/** GET users/cloudCredential: what the client needs to use the file store (spec 1 section 3 "Cloud credential"). */
export function cloudCredentialRoute({ db, config }: AppDeps) {
  return s.route(customersContract.cloudCredential, async ({ request }) => {
    const actor = actorOf(request);
    const identityId = await storageIdentityOf(db, actor.customerId);
    const credential = await storageOf(config).temporaryCredential({ identityId, userId: actor.userId });
    return ok({
      ...credential,
      bucketConversionMaps: Object.fromEntries(BUCKETS.map((bucket) => [bucket, bucket])),
      fileTypeBucketNameMaps: { ...BUCKET_OF_FILE_TYPE },
    });
  });
}
