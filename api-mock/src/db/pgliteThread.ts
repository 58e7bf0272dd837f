import { Worker } from 'node:worker_threads';

/**
 * PGlite in a worker thread (pgliteWorker.mjs). In the server's own thread, the database's work and the server's
 * (routing, checking, writing JSON) took turns on one core; in a thread of its own the database answers one request
 * while the server prepares the next. The results cross as structured clones, which keep dates, bytes and numbers.
 */
export interface PgliteThread {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; affectedRows?: number }>;
  exec(text: string): Promise<void>;
  /** LISTEN on the channel; resolves to the unsubscribe. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  close(): Promise<void>;
}

export interface PgliteOptions {
  dataDir?: string;
  loadDataDir?: Blob;
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> };

/** An error as the worker sent it: an Error with the database's fields (code, detail, constraint…). */
function rebuiltError(fields: Record<string, unknown>): Error {
  const { message, stack: _stack, ...rest } = fields;
  return Object.assign(new Error(String(message)), rest);
}

/** Start PGlite in a worker thread; resolves once the database is open. */
export function startPgliteThread(options: PgliteOptions): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), { workerData: options });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 0;
  let closed = false;

  const ask = <T>(message: Record<string, unknown>): Promise<T> => {
    if (closed) return Promise.reject(new Error('the database is closed'));
    const id = ++nextId;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };

  const thread: PgliteThread = {
    query: (text, params = []) => ask({ op: 'query', text, params }),
    exec: (text) => ask({ op: 'exec', text }),
    async listen(channel, onPayload) {
      const subscription = ++nextId;
      listeners.set(subscription, onPayload);
      await ask({ op: 'listen', channel, subscription });
      return async () => {
        listeners.delete(subscription);
        if (!closed) await ask({ op: 'unlisten', subscription });
      };
    },
    dumpDataDir: (compression) => ask({ op: 'dump', compression }),
    async close() {
      if (closed) return;
      await ask({ op: 'close' });
      closed = true;
      await worker.terminate();
    },
  };

  return new Promise((resolve, reject) => {
    const failAll = (err: Error) => {
      closed = true;
      for (const waiter of pending.values()) waiter.reject(err);
      pending.clear();
      reject(err);
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => {
      if (!closed) failAll(new Error(`the database thread stopped (exit code ${code})`));
    });
    worker.on('message', (message: Reply & { ready?: boolean; notify?: number; payload?: string }) => {
      if (message.ready !== undefined) {
        // Once open, the thread keeps the process alive only while it owes an answer, as PGlite in this thread did.
        if (message.ready) {
          if (pending.size === 0) worker.unref();
          resolve(thread);
        } else reject(rebuiltError(message.error ?? {}));
        return;
      }
      if (message.notify !== undefined) {
        listeners.get(message.notify)?.(message.payload ?? '');
        return;
      }
      const waiter = pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id);
      if (pending.size === 0) worker.unref();
      if (message.error) waiter.reject(rebuiltError(message.error));
      else waiter.resolve(message.result);
    });
  });
}
