import type { PGlite } from '@electric-sql/pglite';

/**
 * A pg-style pool over one PGlite instance for Kysely's PostgresDialect. PGlite has a single session, so a
 * connection is lent to one user at a time: a transaction keeps it until it releases it.
 */
export function pglitePool(pg: PGlite) {
  let queue: Promise<void> = Promise.resolve();

  const client = {
    async query(text: string, params: unknown[]) {
      const result = await pg.query<Record<string, unknown>>(text, params);
      const command = /^\s*(insert|update|delete|merge|with)\b/i.exec(text)?.[1]?.toUpperCase();
      return {
        command: command === 'WITH' ? 'UPDATE' : command,
        rowCount: result.affectedRows ?? result.rows.length,
        rows: result.rows,
      };
    },
    release: () => {},
  };

  return {
    async connect() {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => (release = resolve));
      const previous = queue;
      queue = previous.then(() => turn);
      await previous;
      return { ...client, release };
    },
    async end() {
      await queue;
      await pg.close();
    },
  };
}
