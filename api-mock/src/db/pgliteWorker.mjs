// PGlite in a thread of its own (pgliteThread.ts): the server's JavaScript and the database's share two cores instead
// of one. Plain JavaScript, so a worker loads it under tsx, vitest and node alike.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const INT8 = 20;
const DATE = 1082;
const NUMERIC = 1700;

/** A database error's fields (code, detail, constraint…) survive the trip; an Error's own properties would not. */
const errorFields = (err) => ({ ...err, name: err?.name ?? 'Error', message: err?.message ?? String(err) });

const unlisten = new Map();
let pglite;

async function answer(message) {
  switch (message.op) {
    case 'query': {
      const result = await pglite.query(message.text, message.params);
      return { rows: result.rows, affectedRows: result.affectedRows };
    }
    case 'exec':
      await pglite.exec(message.text);
      return null;
    case 'listen':
      unlisten.set(
        message.subscription,
        await pglite.listen(message.channel, (payload) =>
          parentPort.postMessage({ notify: message.subscription, payload }),
        ),
      );
      return null;
    case 'unlisten':
      await unlisten.get(message.subscription)?.();
      unlisten.delete(message.subscription);
      return null;
    case 'dump':
      return pglite.dumpDataDir(message.compression);
    case 'close':
      await pglite.close();
      return null;
    default:
      throw new Error(`unknown operation ${String(message.op)}`);
  }
}

parentPort.on('message', (message) => {
  answer(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (err) => parentPort.postMessage({ id: message.id, error: errorFields(err) }),
  );
});

try {
  pglite = await PGlite.create({
    ...workerData,
    extensions: { pg_trgm },
    parsers: {
      [INT8]: (v) => Number(v),
      [NUMERIC]: (v) => Number(v),
      [DATE]: (v) => v,
    },
  });
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ ready: false, error: errorFields(err) });
}
