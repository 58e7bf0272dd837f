import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { initClient, type ApiFetcherArgs } from '@ts-rest/core';
import { contract } from '../../contract';
import { ROOT } from './testServer';

/** A free TCP port on this machine. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Kill the process without warning (SIGKILL), as a power cut would, and wait until it is gone. */
  kill9(): Promise<void>;
  /** Stop it cleanly. */
  stop(): Promise<void>;
}

/**
 * `npm start`'s server as its own process, on PGlite in `dataDir` or on `databaseUrl`, with a small demo world on
 * first start. Resolves once it answers; rejects with its output when it exits first or takes longer than 3 minutes.
 */
export async function startServerProcess(opts: {
  dataDir: string;
  databaseUrl?: string;
  /** More environment, over the defaults. */
  env?: NodeJS.ProcessEnv;
}): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    DEMO_EQUIPMENT: '100',
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...opts.env,
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'api-mock/src/main.ts', '--demo'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 3 minutes:\n${output}`);
    }
    const answered = await fetch(`${url}/api/users/me`).then(
      (r) => r.status,
      () => 0,
    );
    if (answered === 401) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, child, kill9: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/** The typed client of the contract over real HTTP, with a cookie jar and the anti-forgery header. */
export function httpClient(baseUrl: string) {
  const jar = new Map<string, string>();
  const api = async (args: ApiFetcherArgs) => {
    if (!jar.has('XSRF-TOKEN') && args.method !== 'GET') {
      await api({ ...args, method: 'GET', path: `${baseUrl}/api/users/me`, body: undefined, headers: {} });
    }
    const headers: Record<string, string> = { ...args.headers };
    if (args.method !== 'GET') headers['x-xsrf-token'] = jar.get('XSRF-TOKEN') ?? '';
    headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(args.path, { method: args.method, headers, body: args.body as string | undefined });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const isJson = (res.headers.get('content-type') ?? '').includes('json');
    return { status: res.status, body: isJson ? await res.json() : await res.text(), headers: res.headers };
  };
  const client = initClient(contract, { baseUrl, baseHeaders: {}, api });
  return { client, jar };
}
