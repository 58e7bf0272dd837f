import type { Readable } from 'node:stream';
import type { SendMailOptions } from 'nodemailer';
import { LANGUAGE_CODES } from '../../../contract/configuration';
import { escapeHtml } from '../lib/html';
import { headerText, type MailAttachment } from './outbox';

/** An outbox row as the dispatcher claims it. */
export interface OutboxMail {
  id: number;
  to_addresses: string;
  subject: string;
  body: string;
  html: string | null;
  language: string;
  attachments: unknown;
  created_at: Date | string;
}

/** Reads a stored file for an attachment; null when the store no longer has it. */
export type OpenAttachment = (bucket: string, key: string) => Promise<Readable | Buffer | null>;

/** The portal language as a Content-Language tag (en-us → en-US); an unknown one is sent as English. */
export function languageTag(language: string): string {
  const code = (LANGUAGE_CODES as readonly string[]).includes(language) ? language : 'en-us';
  return code.replace(/-([a-z]+)$/, (_, region: string) => `-${region.toUpperCase()}`);
}

/** A plain-text mail as HTML: the same text, escaped, its line breaks kept and its web addresses as links. */
export function textAsHtml(text: string): string {
  const escaped = escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
  return `<div style="white-space:pre-wrap">${escaped}</div>`;
}

const htmlDocument = (inner: string, tag: string) =>
  `<!doctype html>\n<html lang="${tag}"><head><meta charset="utf-8"></head>\n<body style="font-family:sans-serif">${inner}</body></html>`;

/**
 * One bare address: the outbox holds addresses the contract validated, but a row is not trusted to, since a display
 * name or group syntax ("x@y Bcc: z@w") in it would add recipients.
 */
const SINGLE_ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/;

/** The domain of the sender address, for Message-IDs. */
const domainOf = (from: string) => /@([^\s>@]+)>?\s*$/.exec(from)?.[1] ?? 'portal.invalid';

const attachmentsOf = (stored: unknown): MailAttachment[] =>
  (Array.isArray(stored) ? stored : []).filter(
    (a): a is MailAttachment =>
      typeof a === 'object' && a !== null && typeof a.bucket === 'string' && typeof a.key === 'string',
  );

/**
 * The message of an outbox row: text and HTML, its language, the stored attachments read from the file store, and a
 * Message-ID fixed per row, so a mail sent again after a lost answer can be recognised as the same by its reader.
 * Every header value passes headerText again: rows queued before it existed are no exception.
 */
export async function composeMail(
  mail: OutboxMail,
  from: string,
  open: OpenAttachment,
): Promise<{ message: SendMailOptions; invalid: string[] }> {
  const addresses = mail.to_addresses.split(';').map(headerText).filter(Boolean);
  const to = addresses.filter((a) => SINGLE_ADDRESS.test(a));
  const invalid = addresses.filter((a) => !SINGLE_ADDRESS.test(a));
  if (to.length === 0) throw Object.assign(new Error(`No valid recipient: ${invalid.join(', ')}`), { permanent: true });
  const tag = languageTag(mail.language);
  const attachments = [];
  for (const a of attachmentsOf(mail.attachments)) {
    const content = await open(a.bucket, a.key);
    if (content === null) {
      for (const opened of attachments) if ('destroy' in opened.content) opened.content.destroy();
      throw new Error(`Attachment ${headerText(a.fileName)} is not in the file store`);
    }
    attachments.push({ filename: headerText(a.fileName) || 'attachment', content });
  }
  const created = new Date(mail.created_at).getTime();
  const message: SendMailOptions = {
    from: headerText(from),
    to: to.map((address) => ({ name: '', address })),
    subject: headerText(mail.subject),
    text: mail.body,
    html: htmlDocument(mail.html ?? textAsHtml(mail.body), tag),
    headers: { 'Content-Language': tag },
    messageId: `<outbox-${mail.id}-${created}@${domainOf(from)}>`,
    attachments,
  };
  return { message, invalid };
}
