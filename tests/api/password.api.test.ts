import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { DEMO_PASSWORD } from '../../api-mock/src/seed/demoAccounts';
import { startApiServer } from '../support/apiServer';
import { injectClient, signedIn } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const passwordHashOf = async (email: string) =>
  (
    await server.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).password_hash;

describe('PUT Account/password', () => {
  it('changes the password: the new one signs in, the old one no longer does, and an event is recorded', async () => {
    const email = 'user@globex.example';
    const { client } = await signedIn(server.app, email);
    const res = await client.accountManagement.changePassword({
      body: { oldPassword: DEMO_PASSWORD, newPassword: 'Fresh2027', userEmail: email },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ errorCode: 0, result: { lastPwdChange: expect.any(String) } });
    const fresh = await injectClient(server.app).client.account.login({
      body: { emailAddress: email, password: 'Fresh2027' },
    });
    expect(fresh.body).toMatchObject({ errorCode: 0 });
    const old = await injectClient(server.app).client.account.login({
      body: { emailAddress: email, password: DEMO_PASSWORD },
    });
    expect(old.body).toMatchObject({ errorCode: ErrorCode.InvalidCredentials });
    const events = await server.database.db
      .selectFrom('events')
      .innerJoin('users', 'users.id', 'events.actor_id')
      .select(['event_type', 'payload'])
      .where('users.email', '=', email)
      .where('event_type', '=', 'user.passwordChanged')
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0]!.payload)).not.toMatch(/Fresh2027|Portal2026|scrypt/);
  });

  it('answers 1029 for a wrong old password and changes nothing', async () => {
    const email = 'user@acme-labs.example';
    const before = await passwordHashOf(email);
    const { client } = await signedIn(server.app, email);
    const res = await client.accountManagement.changePassword({
      body: { oldPassword: 'Wrong123', newPassword: 'Fresh2027', userEmail: email },
    });
    expect(res.body).toMatchObject({ errorCode: ErrorCode.WrongOldPassword });
    expect(await passwordHashOf(email)).toBe(before);
  });

  it('answers 1007 when the new password equals the old one', async () => {
    const email = 'user@acme-labs.example';
    const { client } = await signedIn(server.app, email);
    const res = await client.accountManagement.changePassword({
      body: { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD, userEmail: email },
    });
    expect(res.body).toMatchObject({ errorCode: ErrorCode.WeakNewPassword });
  });

  it("refuses to change another user's password with 403", async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const before = await passwordHashOf('manager@acme-labs.example');
    const res = await client.accountManagement.changePassword({
      body: { oldPassword: DEMO_PASSWORD, newPassword: 'Fresh2027', userEmail: 'manager@acme-labs.example' },
    });
    expect(res.status).toBe(403);
    expect(await passwordHashOf('manager@acme-labs.example')).toBe(before);
  });

  it('answers 401 without a session', async () => {
    const { client } = injectClient(server.app);
    const res = await client.accountManagement.changePassword({
      body: { oldPassword: DEMO_PASSWORD, newPassword: 'Fresh2027', userEmail: 'user@acme-labs.example' },
    });
    expect(res.status).toBe(401);
  });

  it('answers a body that fails the schema (a weak new password) with 400 and changes nothing', async () => {
    const email = 'user@acme-labs.example';
    const before = await passwordHashOf(email);
    const { client } = await signedIn(server.app, email);
    const res = await client.accountManagement.changePassword({
      body: { oldPassword: DEMO_PASSWORD, newPassword: 'lettersonly', userEmail: email },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      issues: expect.arrayContaining([
        expect.objectContaining({ path: ['newPassword'], message: 'userManagement:Mix_letters_numbers' }),
      ]),
    });
    expect(await passwordHashOf(email)).toBe(before);
  });

  it("ends the user's other sessions and keeps the current one", async () => {
    const email = 'new@acme-labs.example';
    const other = await signedIn(server.app, email);
    const current = await signedIn(server.app, email);
    const res = await current.client.accountManagement.changePassword({
      body: { oldPassword: DEMO_PASSWORD, newPassword: 'Fresh2027', userEmail: email },
    });
    expect(res.body).toMatchObject({ errorCode: 0 });
    expect((await other.client.users.me()).status).toBe(401);
    expect((await current.client.users.me()).status).toBe(200);
  });
});
