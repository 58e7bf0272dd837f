import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpProblem } from '../lib/problem';
import { findAttachment, findMessage, type Inbox } from './queries';

const notFound = () => new HttpProblem(404, 'No such notification');

/** A live notification of the caller's own inbox; any other id is not found (404), so it reveals nothing. */
export async function requireMessage(db: Kysely<Database>, inbox: Inbox, id: number) {
  const message = await findMessage(db, inbox, id);
  if (!message) throw notFound();
  return message;
}

/** An attachment of a live notification of the caller's own inbox, else 404 as for the notification. */
export async function requireMessageAttachment(db: Kysely<Database>, inbox: Inbox, id: number, attachmentId: number) {
  const attachment = await findAttachment(db, inbox, id, attachmentId);
  if (!attachment) throw notFound();
  return attachment;
}
