// npm run audit:verify — checks the hash chains of the event log (migration 055) of DATABASE_URL, else of the
// PGlite data folder `npm start` uses (DATA_DIR, default ./data; stop the server first: PGlite has one user).
// Prints the number of events verified and exits 0, or the first event where a chain breaks and exits 1.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../api-mock/src/db/connect';
import { verifyEventChains } from '../api-mock/src/audit/eventChain';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.DATABASE_URL;
const dataDir = path.join(path.resolve(process.env.DATA_DIR ?? path.join(root, 'data')), 'pglite');
if (!databaseUrl && !existsSync(dataDir)) {
  console.error(`No database: set DATABASE_URL, or start the portal once so that ${dataDir} exists.`);
  process.exit(2);
}
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
const started = Date.now();
try {
  const result = await verifyEventChains(database.db, (n) => {
    if (process.stderr.isTTY) process.stderr.write(`\r${n.toLocaleString('en')} events verified…`);
  });
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.ok) {
    console.log(
      `${result.verified} events in ${result.chains} chains verified: every chain is unbroken (${seconds} s).`,
    );
  } else {
    const b = result.broken;
    console.error(
      [
        `The chain of ${b.customerId === null ? 'the events without a customer' : `customer ${b.customerId}`} breaks at position ${b.position} (event id ${b.eventId}):`,
        `  ${b.reason}`,
        `  expected: ${b.expected}`,
        `  found:    ${b.found}`,
        `${result.verified} events verified before it.`,
      ].join('\n'),
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
