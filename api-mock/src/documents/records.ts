import type { Kysely, Transaction } from 'kysely';
import type { DocumentOwnerType } from '../../../contract/documents';
import type { FileIdentifier } from '../../../contract/images';
import type { Actor } from '../access/actor';
import type { Database } from '../db/schema';
import { HttpProblem } from '../lib/problem';
import { requireEquipment } from '../equipment/records';
import { documentOwnerOfFile, serviceCallFound, versionsOf, type DocumentOwner, type DocumentRow } from './queries';

type Db = Kysely<Database> | Transaction<Database>;

/** The owner of documents a call names, in the caller's customer. */
export const documentOwnerOf = (actor: Actor, params: { type: DocumentOwnerType; id: number }): DocumentOwner => ({
  customerId: actor.customerId,
  isPEUser: actor.isPEUser,
  type: params.type,
  id: params.id,
});

/**
 * Make sure the caller reaches the owner, else refuse: an instrument as GET Equipment/{id} does (10002, hidden ones
 * too for customer users), a service call of another customer with 404; either way its id reveals nothing. In a
 * transaction the owner's row stays locked until commit, so the document changes of one owner (version numbers, the
 * equipment's document count) happen one after the other.
 */
export async function requireDocumentOwner(db: Db, owner: DocumentOwner, lock = false): Promise<void> {
  if (owner.type === 'Equipment') {
    await requireEquipment(db, owner, owner.id, lock);
    return;
  }
  if (!(await serviceCallFound(db, owner.customerId, owner.id, lock))) {
    throw new HttpProblem(404, `No service call ${owner.id}`);
  }
}

/**
 * The record check of a document: its owner is reached (see requireDocumentOwner) and `documentId` is one of the
 * owner's documents (404 otherwise). Every version, newest first.
 */
export async function requireDocument(
  db: Db,
  owner: DocumentOwner,
  documentId: number,
  lock = false,
): Promise<DocumentRow[]> {
  await requireDocumentOwner(db, owner, lock);
  const versions = await versionsOf(db, owner, documentId);
  if (versions.length === 0) throw new HttpProblem(404, `No document ${documentId}`);
  return versions;
}

/** A stored file that is a version of a document is read as its owner is reached. */
export async function requireDocumentFile(db: Db, actor: Actor, file: FileIdentifier): Promise<void> {
  const owner = await documentOwnerOfFile(db, actor.customerId, file);
  if (owner) await requireDocumentOwner(db, documentOwnerOf(actor, owner));
}
