import type { Kysely, Transaction } from 'kysely';
import type { LANGUAGE_CODES } from '../../../contract/configuration';
import type { Database } from '../db/schema';
import { escapeHtml } from '../lib/html';
import { takeMailQuota } from './quota';
import { sentForLine, type Sender } from './text';

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
  /**
   * The signed-in user whose request causes the mail: it counts against their hourly quota (429 beyond it) and
   * ends with a line naming them, so no one can send the portal's mail without their name on it.
   */
  causedBy?: Sender;
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
  const language = mail.language ?? 'en-us';
  const sender = mail.causedBy;
  if (sender) {
    if (!trx.isTransaction) throw new Error('A mail a user causes is queued in the transaction of their change');
    await takeMailQuota(trx as Transaction<Database>, sender.userId, mail.to.length);
  }
  const sentFor = sender ? sentForLine(language, { ...sender, name: headerText(sender.name) }) : null;
  await trx
    .insertInto('mail_outbox')
    .values({
      to_addresses: mail.to.map(headerText).join(';'),
      subject: headerText(mail.subject).slice(0, 300),
      body: sentFor ? `${mail.body}\n\n-- \n${sentFor}` : mail.body,
      html: mail.html && sentFor ? `${mail.html}<p>${escapeHtml(sentFor)}</p>` : (mail.html ?? null),
      language,
      caused_by: sender?.userId ?? null,
      attachments: JSON.stringify(
        (mail.attachments ?? []).map((a) => ({ bucket: a.bucket, key: a.key, fileName: headerText(a.fileName) })),
      ),
    })
    .execute();
}

/** The signed-in user as a mail names them: their name, else their address. */
export async function senderOf(db: Kysely<Database>, userId: number): Promise<Sender> {
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { userId, name: `${user.first_name} ${user.last_name}`.trim() || user.email, email: user.email };
}

/**
 * A mail header's text on one line: a line break (or another control character) in a name or subject a user typed
 * would start a header of the attacker's choosing (Bcc:) once an SMTP transport writes it. Every header passes here.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
export const headerText = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
