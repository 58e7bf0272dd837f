import type { Kysely, Transaction } from 'kysely';
import type { LANGUAGE_CODES } from '../../../contract/configuration';
import type { Database } from '../db/schema';

/** A stored file that goes with a mail: read from the file store when the mail is sent. */
export interface MailAttachment {
  bucket: string;
  key: string;
  fileName: string;
}

export interface Mail {
  to: string[];
  subject: string;
  body: string;
  /** The HTML of a mail that has one (rich text); without it the sender shows the text as HTML. */
  html?: string;
  /** The portal language the mail is written in; default en-us. */
  language?: (typeof LANGUAGE_CODES)[number];
  attachments?: MailAttachment[];
}

/** The channel a new mail notifies (migration 033), once its transaction commits. */
export const MAIL_CHANNEL = 'portal_mail';

/** The provider's mailbox for requests from the portal. chosen: not in spec */
export const PROVIDER_INBOX = 'portal-requests@provider.example';

/**
 * Queue a mail in the outbox, in the transaction of the change that causes it: nothing is silently dropped. The
 * SMTP dispatcher (mail/dispatcher.ts, with SMTP_URL) sends queued mails; without one they stay listed at /dev/outbox.
 */
export async function queueMail(trx: Transaction<Database> | Kysely<Database>, mail: Mail): Promise<void> {
  await trx
    .insertInto('mail_outbox')
    .values({
      to_addresses: mail.to.map(headerText).join(';'),
      subject: headerText(mail.subject).slice(0, 300),
      body: mail.body,
      html: mail.html ?? null,
      language: mail.language ?? 'en-us',
      attachments: JSON.stringify(
        (mail.attachments ?? []).map((a) => ({ bucket: a.bucket, key: a.key, fileName: headerText(a.fileName) })),
      ),
    })
    .execute();
}

/**
 * A mail header's text on one line: a line break (or another control character) in a name or subject a user typed
 * would start a header of the attacker's choosing (Bcc:) once an SMTP transport writes it. Every header passes here.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
export const headerText = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
