import { execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Debian's PostgreSQL binaries (postgresql-15), whichever major version is installed. */
function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(path.join(base, v, 'bin/initdb'))) return path.join(base, v, 'bin');
  throw new Error('PostgreSQL server binaries not found: apt-get install -y postgresql');
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/** initdb refuses root; as root the cluster runs as the postgres system user. */
const asOwner = (cmd: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];

export interface TempPostgres {
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

/** A folder in the temporary directory that the cluster's owner may write. */
function ownedTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

/** Runs the server of the cluster in `data` on a free loopback port until stop(), which removes `dir`. */
async function runCluster(bin: string, dir: string, data: string, settings: string[]): Promise<TempPostgres> {
  const port = await freePort();
  const [cmd, args] = asOwner(path.join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-h',
    '127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'full_page_writes=off',
    ...settings.flatMap((setting) => ['-c', setting]),
  ]);
  const proc = spawn(cmd, args, { stdio: 'ignore' });
  proc.unref();
  let exited = false;
  const exit = new Promise((r) => proc.once('exit', r)).then(() => (exited = true));
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  for (let i = 0; ; i++) {
    try {
      const c = new pg.Client(adminUrl);
      await c.connect();
      await c.end();
      break;
    } catch (e) {
      if (i > 100 || exited) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    adminUrl,
    port,
    async stop() {
      // A fast shutdown, as an operator stops a server: open sessions are ended. The process spawned may be runuser,
      // which does not pass a signal on, so pg_ctl signals the server itself.
      if (!exited) {
        const [ctl, ctlArgs] = asOwner(path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w', '-t', '30']);
        await promisify(execFile)(ctl, ctlArgs).catch(() => proc.kill('SIGKILL'));
      }
      await Promise.race([exit, new Promise((r) => setTimeout(r, 5000))]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A throw-away PostgreSQL cluster on a loopback port in a temporary folder, removed by stop(). */
export async function startTempPostgres(): Promise<TempPostgres> {
  const bin = binDir();
  const dir = ownedTempDir('portal-pg-');
  const data = path.join(dir, 'data');
  const [initCmd, initArgs] = asOwner(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-locale',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  return runCluster(bin, dir, data, []);
}

/**
 * A hot standby of `primary` made as an operator would (`pg_basebackup -R`, streaming replication), on a port of its
 * own and with these extra settings; stop() stops it and removes its files.
 */
export async function startReplica(primary: TempPostgres, settings: string[] = []): Promise<TempPostgres> {
  const bin = binDir();
  const dir = ownedTempDir('portal-pg-replica-');
  const data = path.join(dir, 'data');
  const [cmd, args] = asOwner(path.join(bin, 'pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  execFileSync(cmd, args, { stdio: 'ignore' });
  return runCluster(bin, dir, data, ['hot_standby=on', ...settings]);
}

/** The URL of database `name` on the cluster of `adminUrl`. */
export const databaseUrlOf = (adminUrl: string, name: string) => adminUrl.replace(/\/postgres$/, `/${name}`);

/** A new database on the cluster (for one test file unless named): empty, or a copy of the `template` database. */
export async function createDatabase(adminUrl: string, opts: { template?: string; name?: string } = {}) {
  const name = opts.name ?? `portal_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const c = new pg.Client(adminUrl);
  await c.connect();
  const template = opts.template ? ` template ${pg.escapeIdentifier(opts.template)}` : '';
  await c.query(`create database ${pg.escapeIdentifier(name)}${template}`);
  await c.end();
  return databaseUrlOf(adminUrl, name);
}
