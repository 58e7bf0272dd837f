import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../api-mock/src/db/connect';
import { databaseRefusal } from '../../api-mock/src/lib/databaseRefusal';
import { queueMail } from '../../api-mock/src/mail/outbox';
import { startApiServer } from '../support/apiServer';
import { createDatabase } from '../support/postgres';

describe('the database bounds every statement', () => {
  it.runIf(inject('pgAdminUrl'))(
    'PostgreSQL stops a statement that runs past the statement timeout (503)',
    async () => {
      const database = await openDatabase({
        databaseUrl: await createDatabase(inject('pgAdminUrl')!),
        statementTimeoutMs: 300,
      });
      try {
        const error = await sql`select pg_sleep(3)`.execute(database.db).then(
          () => null,
          (err: unknown) => err,
        );
        expect(databaseRefusal(error)).toMatchObject({ status: 503 });
        const after = await sql<{ one: number }>`select 1 as one`.execute(database.db);
        expect(after.rows[0]?.one).toBe(1);
      } finally {
        await database.close();
      }
    },
  );
});

describe('mail headers', () => {
  it('cannot be injected: line breaks in a subject or a recipient are folded into spaces', async () => {
    const server = await startApiServer();
    try {
      await queueMail(server.database.db, {
        to: ['desk@lab.example\r\nBcc: all@victims.example'],
        subject: 'Service request\r\nBcc: all@victims.example\u2028X-Evil: 1',
        body: 'Line one\nline two',
      });
      const mail = await server.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect(mail.subject).toBe('Service request Bcc: all@victims.example X-Evil: 1');
      expect(mail.to_addresses).toBe('desk@lab.example Bcc: all@victims.example');
      expect(mail.body).toBe('Line one\nline two');
    } finally {
      await server.close();
    }
  });
});
