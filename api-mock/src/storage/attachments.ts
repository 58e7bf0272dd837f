import type { FileIdentifier, UploadKind } from '../../../contract/images';
import type { Actor } from '../access/actor';
import type { AppDeps } from '../deps';
import { storageOf } from './index';
import { storedUploadSizes } from './uploads';

export interface AttachmentRefusals {
  /** The 400 message of a file that is not in storage. */
  missing: string;
  /** The 403 detail of a file of another customer, or one not uploaded as this kind. */
  notOwn: string;
}

/** The stored sizes of the files attached to a request, by the one check of stored uploads (storedUploadSizes). */
export function attachmentSizes(
  deps: AppDeps,
  actor: Pick<Actor, 'customerId'>,
  kind: UploadKind,
  files: readonly FileIdentifier[],
  refusals: AttachmentRefusals,
): Promise<number[]> {
  return storedUploadSizes({ db: deps.db, storage: storageOf(deps.config) }, actor.customerId, kind, files, {
    notOwn: refusals.notOwn,
    missing: () => refusals.missing,
  });
}
