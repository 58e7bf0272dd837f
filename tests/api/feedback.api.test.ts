import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import { startApiServer } from '../support/apiServer';
import { injectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const request = {
  firstName: 'Lena',
  lastName: 'Lab',
  emailAddress: 'lena@newlab.example',
  telephone: '+49 30 1234 567',
  companyName: 'New Lab GmbH',
  countryId: 81,
  country: 'Germany',
  comments: 'We bought two instruments last month and need portal access.',
};

const count = async (table: 'contact_requests' | 'mail_outbox') =>
  Number(
    (
      await server.database.db
        .selectFrom(table)
        .select(({ fn }) => fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('Users/ContactUs/Request (no account)', () => {
  it('stores the request without a session, queues a mail to the provider and records an event', async () => {
    const { client } = injectClient(server.app);
    const res = await client.feedback.requestMoreInfo({ body: request });
    expect(res.body).toEqual({ errorCode: 0, result: null });
    const stored = await server.database.db.selectFrom('contact_requests').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.email).toBe('lena@newlab.example');
    const mail = await server.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(mail.subject).toContain('Lena Lab');
    expect(mail.body).toContain('New Lab GmbH');
    const events = await server.database.db
      .selectFrom('events')
      .select('event_type')
      .where('entity_type', '=', 'contactRequest')
      .execute();
    expect(events).toEqual([{ event_type: 'contactRequest.created' }]);
  });

  it('refuses a request without a valid e-mail and telephone, with the message keys, and stores nothing', async () => {
    const before = [await count('contact_requests'), await count('mail_outbox')];
    const { client } = injectClient(server.app);
    const res = await client.feedback.requestMoreInfo({
      body: { ...request, emailAddress: 'not-an-address', telephone: '' },
    });
    expect(res.status).toBe(400);
    const issues = (res.body as ErrorBody).issues ?? [];
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['emailAddress'], message: 'lblEmailsWarning' }),
        expect.objectContaining({ path: ['telephone'], message: 'required_field' }),
      ]),
    );
    expect([await count('contact_requests'), await count('mail_outbox')]).toEqual(before);
  });

  it('needs the anti-forgery header like every changing call', async () => {
    const { client } = injectClient(server.app);
    const res = await client.feedback.requestMoreInfo({ body: request, xsrf: false });
    expect(res.status).toBe(403);
  });
});
