import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import WebSocket from 'ws';
import type { ImportProductServerMessage } from '../../contract/importProduct';
import type { PreferenceCreate } from '../../contract/preferences';
import { openDatabase, type DatabaseHandle } from '../../api-mock/src/db/connect';
import { IMPORT_EVENTS } from '../../api-mock/src/equipment/importBatches.queries';
import { createDatabase } from '../support/postgres';
import { httpClient, startServerProcess, type ServerProcess } from '../support/serverProcess';

/**
 * `kill -9` of the server while it works: after a restart, every change it answered 200 is there and nothing
 * half-written is (PGlite on disk, or PostgreSQL). One server process per file, killed and restarted per case.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
let databaseUrl: string | undefined;
let server: ServerProcess;

beforeAll(async () => {
  const adminUrl = inject('pgAdminUrl');
  databaseUrl = adminUrl ? await createDatabase(adminUrl) : undefined;
  server = await startServerProcess({ dataDir, databaseUrl });
}, 240_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Look at the database while the server is down (PGlite allows one process at a time). */
async function withDatabase<T>(look: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ databaseUrl, dataDir: databaseUrl ? undefined : path.join(dataDir, 'pglite') });
  try {
    return await look(handle);
  } finally {
    await handle.close();
  }
}

async function signIn(email = 'admin@acme-labs.example') {
  const agent = httpClient(server.url);
  const res = await agent.client.account.login({ body: { emailAddress: email, password: 'Portal2026' } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return agent;
}

/**
 * Kill the server, check the database while it is down (opening it recovers from the crash as a restart does),
 * then start the server again on the same data.
 */
async function crashAndRestart(check: (handle: DatabaseHandle) => Promise<void>) {
  await server.kill9();
  await withDatabase(check);
  server = await startServerProcess({ dataDir, databaseUrl });
}

describe('kill -9 and restart', () => {
  it('keeps every saved view answered 200 in a burst of 500, and none half-written', async () => {
    const { client } = await signIn();
    const answered: string[] = [];
    const view = (name: string): PreferenceCreate => ({
      preferenceKey: 'inventory',
      name,
      isDefault: false,
      value: JSON.stringify({ filter: [], sort: [{ field: 'serial', orderType: 0 }], mode: 'grid', name }),
      category: null,
      shareScope: 'private',
      publicPreferenceId: null,
    });
    let killed = false;
    const burst = Array.from({ length: 500 }, (_, i) => `crash-view-${String(i).padStart(3, '0')}`);
    const send = async (name: string) => {
      const res = await client.preferences.create({ body: view(name) }).catch(() => null);
      if (res?.status === 200) answered.push(name);
      if (answered.length === 150 && !killed) {
        killed = true;
        await server.kill9();
      }
    };
    for (let i = 0; i < burst.length; i += 10) await Promise.all(burst.slice(i, i + 10).map(send));
    expect(killed).toBe(true);

    await crashAndRestart(async ({ db }) => {
      const saved = await db
        .selectFrom('preferences')
        .select(['name', 'value'])
        .where('name', 'like', 'crash-view-%')
        .execute();
      const names = new Set(saved.map((s) => s.name));
      for (const name of answered) expect(names.has(name), `${name} was answered 200`).toBe(true);
      for (const row of saved) expect(JSON.parse(row.value)).toMatchObject({ name: row.name });
    });
  }, 300_000);

  it('takes back an import cut off while saving, keeping whole batches only until the restart', async () => {
    const agent = await signIn('admin@acme-labs.example');
    const me = await agent.client.users.me();
    if (me.status !== 200 || me.body.errorCode !== 0) throw new Error('no user');
    const locationId =
      me.body.result!.locationId ?? me.body.result!.userLocation.customer.customerLocations[0]!.locationId;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['mfg', 'model', 'serial']);
    sheet.addRow(['Make', 'Model', 'Serial']);
    for (let i = 0; i < 6_000; i++) sheet.addRow(['CrashImport', `CI-${i}`, `CS-${i}`]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/signalr`, {
      headers: { cookie: [...agent.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const saving = new Promise<void>((resolve) =>
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString()) as ImportProductServerMessage;
        if (message.type === 'ImportProductProgress' && message.progress > 55) resolve();
      }),
    );
    socket.send(
      JSON.stringify({
        type: 'importProduct',
        locationId,
        fileContent: file.toString('base64'),
        xsrfToken: agent.jar.get('XSRF-TOKEN'),
      }),
    );
    await saving;
    await server.kill9();

    const journal = async (handle: DatabaseHandle) => {
      const events = await handle.db
        .selectFrom('events')
        .select(['event_type', 'payload'])
        .where('entity_type', '=', 'equipmentImport')
        .where('event_type', 'in', [IMPORT_EVENTS.batch, IMPORT_EVENTS.done])
        .execute();
      const rows = await handle.db.selectFrom('equipment').select('id').where('mfg', '=', 'CrashImport').execute();
      return { events, rows };
    };
    // Down: whole batches only, each in the journal with its rows (the import never answered)
    const cut = await withDatabase(journal);
    expect(cut.events.some((e) => e.event_type === IMPORT_EVENTS.done)).toBe(false);
    const journaled = cut.events.flatMap((e) => (e.payload as { equipmentIds: number[] }).equipmentIds);
    expect(cut.rows.map((r) => r.id).sort()).toEqual([...journaled].sort());
    // progress beyond 55 % is only reported once two batches of 500 are saved
    expect(cut.rows.length).toBeGreaterThanOrEqual(1_000);
    expect(cut.rows.length % 500).toBe(0);

    server = await startServerProcess({ dataDir, databaseUrl });
    await server.stop();
    if (databaseUrl) {
      // PostgreSQL may be shared by several servers: the take-back waits until the import is stale
      const { rollBackStaleImports } = await import('../../api-mock/src/equipment/importBatches.queries');
      await withDatabase(({ db }) => rollBackStaleImports(db, 0));
    }
    const after = await withDatabase(journal);
    expect(after.rows).toEqual([]);
    server = await startServerProcess({ dataDir, databaseUrl });
  }, 300_000);

  it('keeps every reservation series answered 200 whole, and no series in part', async () => {
    const { client } = await signIn('admin@acme-labs.example');
    const equipmentIds = await withEquipmentIds(client);
    const answered = new Map<number, number>();
    let killed = false;
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setUTCHours(8, 0, 0, 0);
    const send = async (equipmentId: number) => {
      const res = await client.reservations
        .create({
          params: { id: equipmentId },
          body: {
            startDate: start.toISOString(),
            endDate: new Date(start.getTime() + 3_600_000).toISOString(),
            comments: 'crash series',
            recurrence: {
              frequency: 'daily',
              interval: 1,
              endBy: new Date(start.getTime() + 60 * 86_400_000).toISOString().slice(0, 10),
            },
          },
        })
        .catch(() => null);
      if (res?.status === 200 && res.body.errorCode === 0) {
        const items = res.body.result!.items;
        answered.set(items[0]!.seriesId!, items.length);
      }
      if (answered.size === 5 && !killed) {
        killed = true;
        await server.kill9();
      }
    };
    for (let i = 0; i < equipmentIds.length; i += 4) await Promise.all(equipmentIds.slice(i, i + 4).map(send));
    expect(killed).toBe(true);

    await crashAndRestart(async ({ db }) => {
      const series = await db
        .selectFrom('reservations')
        .select(['series_id', db.fn.countAll<number>().as('n')])
        .where('comments', '=', 'crash series')
        .groupBy('series_id')
        .execute();
      const counts = new Map(series.map((s) => [s.series_id, Number(s.n)]));
      for (const [seriesId, n] of answered) expect(counts.get(seriesId), `series ${seriesId}`).toBe(n);
      for (const [, n] of counts) expect(n).toBe(61);
    });
  }, 300_000);
});

/** Equipment of the signed-in user's customer to reserve, one series each. */
async function withEquipmentIds(client: ReturnType<typeof httpClient>['client']): Promise<number[]> {
  const res = await client.equipment.list({ body: { pageIndex: 0, pageSize: 30 } as never });
  if (res.status !== 200 || res.body.errorCode !== 0) throw new Error('no equipment list');
  return res.body.result!.items.map((i) => i.equipmentId);
}
