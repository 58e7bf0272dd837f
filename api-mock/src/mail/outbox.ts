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
    .values({ to_addresses: mail.to.join(';'), subject: mail.subject.slice(0, 300), body: mail.body })
    .execute();
}
