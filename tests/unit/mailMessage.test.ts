import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../api-mock/src/mail/dispatcher';
import { composeMail, languageTag, textAsHtml, type OutboxMail } from '../../api-mock/src/mail/message';

const row = (overrides: Partial<OutboxMail> = {}): OutboxMail => ({
  id: 7,
  to_addresses: 'a@lab.example;b@lab.example',
  subject: 'Hello',
  body: 'Text',
  html: null,
  language: 'en-us',
  attachments: [],
  created_at: new Date('2026-01-02T03:04:05Z'),
  ...overrides,
});
const noFiles = async () => null;

describe('the message of an outbox mail', () => {
  it('names its language as a Content-Language tag, and an unknown one as English', () => {
    expect(['en-us', 'zh-tw', 'de', 'ja', 'xx', ''].map(languageTag)).toEqual([
      'en-US',
      'zh-TW',
      'de',
      'ja',
      'en-US',
      'en-US',
    ]);
  });

  it('shows the text as HTML escaped, with its web addresses as links', () => {
    expect(textAsHtml('<b>Hi</b> & see https://portal.example/sign-up#token=a&b\nbye')).toBe(
      '<div style="white-space:pre-wrap">&lt;b&gt;Hi&lt;/b&gt; &amp; see ' +
        '<a href="https://portal.example/sign-up#token=a&amp;b">https://portal.example/sign-up#token=a&amp;b</a>\nbye</div>',
    );
  });

  it('sends to bare addresses only, and names the ones it left out', async () => {
    const { message, invalid } = await composeMail(
      row({ to_addresses: 'a@lab.example;x@lab.example Bcc: thief@evil.example;"Eve" <eve@evil.example>' }),
      'Portal <no-reply@provider.example>',
      noFiles,
    );
    expect(message.to).toEqual([{ name: '', address: 'a@lab.example' }]);
    expect(invalid).toEqual(['x@lab.example Bcc: thief@evil.example', '"Eve" <eve@evil.example>']);
    expect(message.messageId).toBe(`<outbox-7-${Date.parse('2026-01-02T03:04:05Z')}@provider.example>`);
  });

  it('fails for good without a valid recipient, and for now when an attachment is not in the store', async () => {
    await expect(composeMail(row({ to_addresses: 'not an address' }), 'p@x.example', noFiles)).rejects.toMatchObject({
      permanent: true,
    });
    const opened = Readable.from(['bytes']);
    const open = async (_bucket: string, key: string) => (key === 'there' ? opened : null);
    const attachments = [
      { bucket: 'b', key: 'there', fileName: 'one.pdf' },
      { bucket: 'b', key: 'gone', fileName: 'two.pdf' },
    ];
    const failed = composeMail(row({ attachments }), 'p@x.example', open);
    await expect(failed).rejects.toThrow('Attachment two.pdf is not in the file store');
    await expect(failed).rejects.not.toHaveProperty('permanent');
    expect(opened.destroyed).toBe(true);
  });
});

describe('the wait before the next attempt', () => {
  it('doubles from the base with each failed attempt, up to the cap', () => {
    const timing = { backoffBaseMs: 1000, backoffMaxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 50, 5000].map((n) => backoffMs(n, timing))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000, 10_000,
    ]);
  });
});
