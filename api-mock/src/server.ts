import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { openDatabase, type DatabaseHandle } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { DEFAULT_SIZE, seedDemoWorld, type DemoWorldSize } from './seed/demoWorld';

export interface ServerOptions {
  databaseUrl?: string;
  dataDir?: string;
  webRoot?: string;
  size?: DemoWorldSize;
  logger?: boolean;
  validateResponses?: boolean;
  secureCookies?: boolean;
}

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  seeded: boolean;
  close(): Promise<void>;
}

/** Open (or create) the database, migrate it, seed the demo world once, and build the app. */
export async function createServer(opts: ServerOptions): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: opts.databaseUrl,
    dataDir: opts.dataDir ? path.join(opts.dataDir, 'pglite') : undefined,
  });
  await migrateToLatest(database.db as never);
  const seeded = await seedDemoWorld(database.db, opts.size ?? DEFAULT_SIZE);
  const app = await buildApp(
    {
      db: database.db,
      config: {
        secureCookies: opts.secureCookies ?? false,
        validateResponses: opts.validateResponses ?? false,
        webRoot: opts.webRoot,
      },
    },
    { logger: opts.logger },
  );
  return {
    app,
    database,
    seeded,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
