import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

export interface Mail {
  to: string[];
  subject: string;
  body: string;
}

/** The provider's mailbox for requests from the portal. chosen: not in spec */
export const PROVIDER_INBOX = 'portal-requests@provider.example';

/**
 * Queue a mail in the outbox, in the transaction of the change that causes it: nothing is silently dropped. A
 * mail transport (SMTP when configured) sends queued mails; without one they stay listed at /dev/outbox.
 */
export async function queueMail(trx: Transaction<Database> | Kysely<Database>, mail: Mail): Promise<void> {
  await trx
    .insertInto('mail_outbox')
    .values({
      to_addresses: mail.to.map(headerText).join(';'),
      subject: headerText(mail.subject).slice(0, 300),
      body: mail.body,
    })
    .execute();
}

/**
 * A mail header's text on one line: a line break (or another control character) in a name or subject a user typed
 * would start a header of the attacker's choosing (Bcc:) once an SMTP transport writes it. Every header passes here.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
export const headerText = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
