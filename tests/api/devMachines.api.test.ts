import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createServer } from '../../api-mock/src/server';
import { DEV_SCENARIO_MAX_CHARS } from '../../api-mock/src/routes/devMachines';
import { MACHINES } from '../../machines/registry';
import { startApiServer } from '../support/apiServer';
import { createDatabase } from '../support/postgres';
import { TEST_PUBLIC_ORIGIN } from '../support/testServer';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const get = (url: string) => server.app.inject({ method: 'GET', url });
const drive = (name: string, scenario: unknown, event?: unknown) =>
  get(
    `/dev/machines/${name}?${new URLSearchParams({
      scenario: typeof scenario === 'string' ? scenario : JSON.stringify(scenario),
      ...(event === undefined ? {} : { event: typeof event === 'string' ? event : JSON.stringify(event) }),
    }).toString()}`,
  );
const stateOf = (html: string) => /<pre data-testid="state">([^<]*)<\/pre>/.exec(html)?.[1];

describe('GET /dev/machines', () => {
  it('lists every machine with what it runs, and serves each chart', async () => {
    const res = await get('/dev/machines');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const name of Object.keys(MACHINES)) expect(res.body).toContain(`href="/dev/machines/${name}"`);
    const chart = await get('/dev/machines/savedView/chart.svg');
    expect(chart.statusCode).toBe(200);
    expect(chart.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(chart.body).toContain('<svg');
  });

  it('drives a machine: the event is added to the scenario, and the state, steps and next events are shown', async () => {
    const first = await get('/dev/machines/importProduct');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<img src="/dev/machines/importProduct/chart.svg"');
    const scenario = { events: [{ type: 'CHOOSE_LOCATION', locationId: 1 }] };
    const res = await drive('importProduct', scenario, { type: 'CLOSE' });
    expect(res.statusCode).toBe(200);
    expect(stateOf(res.body)).toBe('&quot;closed&quot;');
    expect(res.body).toContain('CLOSE → closed (done)');
    expect(res.body).toContain('&quot;type&quot;: &quot;CLOSE&quot;');

    const editing = await drive('importProduct', scenario);
    expect(stateOf(editing.body)).toBe('&quot;editing&quot;');
    for (const type of ['CHOOSE_LOCATION', 'CHOOSE_FILE', 'START', 'CLOSE']) {
      expect(editing.body).toContain(`<button type="submit">${type}</button>`);
    }
  });

  it('refuses bad input with a clear message and runs nothing', async () => {
    const notJson = await drive('importProduct', '{ "events": [');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.body).toContain('The scenario is not JSON');
    expect(stateOf(notJson.body)).toBeUndefined();

    const noEvents = await drive('importProduct', { input: {} });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.body).toContain('The scenario needs &quot;events&quot;');

    const badEvent = await drive('importProduct', { events: [] }, { kind: 'START' });
    expect(badEvent.statusCode).toBe(400);
    expect(badEvent.body).toContain('An event is an object with a &quot;type&quot;.');

    const tooMany = await drive('unsavedGuard', { events: Array.from({ length: 101 }, () => ({ type: 'X' })) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('more than 100 events');

    const tooLong = await drive('importProduct', `{ "events": [], "pad": "${'x'.repeat(DEV_SCENARIO_MAX_CHARS)}" }`);
    expect(tooLong.statusCode).toBe(400);

    const unknown = await get('/dev/machines/..%2F..%2Fpackage.json');
    expect(unknown.statusCode).toBe(404);
    expect((await get('/dev/machines/nope/chart.svg')).statusCode).toBe(404);
  });
});

describe('a server started without the demo world (a deployment)', () => {
  it('serves no machines page', async () => {
    const adminUrl = inject('pgAdminUrl');
    const bare = await createServer({
      databaseUrl: adminUrl ? await createDatabase(adminUrl) : undefined,
      publicOrigin: TEST_PUBLIC_ORIGIN,
    });
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/dev/machines' })).statusCode).toBe(404);
      expect((await bare.app.inject({ method: 'GET', url: '/dev/machines/savedView' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
