// PGlite in a thread of its own (pgliteThread.ts): the server's JavaScript and the database's share two cores instead
// of one. Plain JavaScript, so a worker loads it under tsx, vitest and node alike.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const INT8 = 20;
const DATE = 1082;
const NUMERIC = 1700;

/**
 * A database error's fields (code, detail, constraint…) as plain values: an Error's own properties would not survive
 * the trip, and a value that cannot be cloned would stop the thread.
 */
const errorFields = (err) => ({
  ...Object.fromEntries(
    Object.entries(typeof err === 'object' && err !== null ? err : {}).filter(([, v]) =>
      ['string', 'number', 'boolean'].includes(typeof v),
    ),
  ),
  name: String(err?.name ?? 'Error'),
  message: String(err?.message ?? err),
});

/** Answer the main thread; an answer that cannot be cloned is answered as an error instead. */
function reply(id, answer) {
  try {
    parentPort.postMessage({ id, ...answer });
  } catch (err) {
    parentPort.postMessage({ id, error: errorFields(err) });
  }
}

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
    (result) => reply(message.id, { result }),
    (err) => reply(message.id, { error: errorFields(err) }),
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
