import { startTestServer } from './tests/support/testServer';
import { signedIn } from './tests/support/injectClient';
const eq = Number(process.env.EQ);
const server = await startTestServer({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA || undefined, size: { equipment: eq, usersPerCustomer: 2 } as never, validateResponses: false });
const mb = () => Math.round(process.memoryUsage().rss / 1e6);
const atStart = mb();
const { client } = await signedIn(server.app, 'user@acme-labs.example');
for (let i = 0; i < 40; i++) {
  await client.equipment.list({ body: { pageIndex: i % 5, pageSize: 30, listType: 'inventory', filterSettings: [], orderSettings: [], fullTextSearchSetting: { keyword: ['perkin', 'lambda', 'waters', 'agilent'][i % 4] } } } as never);
}
global.gc?.();
console.log(`${eq} instruments on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: RSS ${atStart} MB after start, ${mb()} MB after 40 list pages; heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`);
await server.close();
