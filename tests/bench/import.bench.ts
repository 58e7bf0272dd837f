import ExcelJS from 'exceljs';
import { afterAll, beforeAll, bench, describe, expect } from 'vitest';
import { EQUIPMENT_CODES } from '../../contract/equipment';
import { ImportProductServerMessage, type ImportProductCompleted } from '../../contract/importProduct';
import { startTestServer } from '../support/testServer';
import { signedIn } from '../support/injectClient';
import { figureLine } from './timed';

// In-process on PGlite: one import of 5,000 rows over the hub, from the message to ImportProductCompleted.
// Target: at most 15 s, each run printed beside it.
const TARGET_S = 15;
const ROWS = 5_000;

let server: Awaited<ReturnType<typeof startTestServer>>;
let cookie = '';
let xsrfToken = '';
let locationId = 0;
let fileContent = '';

interface Socket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  close(): void;
  send(data: string): void;
}
type InjectWS = (path: string, opts: { headers: Record<string, string> }) => Promise<Socket>;

async function fiveThousandRows(): Promise<Buffer> {
  const fields = [
    'mfg',
    'model',
    'dtype',
    'serial',
    'building',
    'room',
    'department',
    'costCenter',
    'contactName',
    'contactPhone',
    'contactEmail',
    'instDate',
    'equipConstrYear',
    'equipConstrMonth',
    'classification',
    'priorityD',
    'osGxpFlag',
    'isComputer',
    'pcConnectivity',
    'comments',
  ];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow(fields);
  sheet.addRow(fields);
  const year = new Date().getFullYear();
  for (let i = 0; i < ROWS; i++) {
    sheet.addRow([
      'Bench Make',
      `Model ${i % 50}`,
      'HPLC',
      `BENCH-${String(i).padStart(6, '0')}`,
      `Building ${i % 4}`,
      String(100 + (i % 300)),
      'QC',
      `CC-${i % 97}`,
      `User ${i}`,
      `+1 555 ${String(i).padStart(4, '0')}`,
      `user${i}@lab.example`,
      new Date(Date.UTC(2020, i % 12, 1 + (i % 28))),
      year - (i % 10),
      1 + (i % 12),
      EQUIPMENT_CODES.classification[i % 3],
      EQUIPMENT_CODES.priority[i % 3],
      i % 2 === 0 ? 'yes' : 'no',
      true,
      EQUIPMENT_CODES.pcConnectivity[i % 6],
      'Imported for the benchmark',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

beforeAll(async () => {
  server = await startTestServer();
  const { jar } = await signedIn(server.app, 'user@acme-labs.example');
  cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  xsrfToken = jar.get('XSRF-TOKEN') ?? '';
  const user = await server.database.db
    .selectFrom('users')
    .select('customer_id')
    .where('email', '=', 'user@acme-labs.example')
    .executeTakeFirstOrThrow();
  const location = await server.database.db
    .selectFrom('locations')
    .select('id')
    .where('customer_id', '=', user.customer_id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  locationId = location.id;
  fileContent = (await fiveThousandRows()).toString('base64');
});
afterAll(() => server.close());

async function importOnce(): Promise<ImportProductCompleted> {
  const socket = await (server.app as unknown as { injectWS: InjectWS }).injectWS('/signalr', { headers: { cookie } });
  const done = new Promise<ImportProductCompleted>((resolve) =>
    socket.on('message', (data) => {
      const parsed = ImportProductServerMessage.safeParse(JSON.parse(data.toString()));
      if (parsed.success && parsed.data.type === 'ImportProductCompleted') resolve(parsed.data);
    }),
  );
  socket.send(JSON.stringify({ type: 'importProduct', locationId, fileContent, xsrfToken }));
  const completed = await done;
  socket.close();
  return completed;
}

describe('import', () => {
  bench(
    `importProduct of ${ROWS.toLocaleString('en')} rows (.xlsx over the hub, PGlite)`,
    async () => {
      const started = Date.now();
      const completed = await importOnce();
      const took = (Date.now() - started) / 1000;
      expect(completed).toMatchObject({ errorCode: 0, importedCount: ROWS, result: {} });
      console.log(figureLine(`import of ${ROWS} rows`, took, TARGET_S, 's'));
    },
    { iterations: 3, warmupIterations: 0, time: 0 },
  );
});
