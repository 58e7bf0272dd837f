import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/testServer';
import { PACT_FILE } from './support';

interface Published {
  method: string;
  url: string;
  authorization: string | undefined;
  body: {
    pacticipantName: string;
    pacticipantVersionNumber: string;
    branch?: string;
    contracts: { consumerName: string; providerName: string; specification: string; content: string }[];
  };
}

/** A Pact Broker stand-in: it records each publication and answers with `status`. */
let received: Published[] = [];
let status = 200;
let broker: http.Server;
let brokerUrl: string;
beforeAll(async () => {
  broker = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      received.push({
        method: req.method!,
        url: req.url!,
        authorization: req.headers.authorization,
        body: JSON.parse(text) as Published['body'],
      });
      res.writeHead(status, { 'content-type': 'application/hal+json' });
      res.end(JSON.stringify(status === 200 ? { notices: [] } : { error: 'no such token' }));
    });
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  brokerUrl = `http://127.0.0.1:${(broker.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => broker.close(() => resolve())));

const pactPublish = (env: Record<string, string | undefined>, args: string[] = []) =>
  new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const childEnv = { ...process.env, ...env };
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
    const child = spawn('npm', ['run', '--silent', 'pact:publish', '--', ...args], { cwd: ROOT, env: childEnv });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });

const pactText = () => readFileSync(PACT_FILE, 'utf8');
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

describe('the consumer pact for a Pact Broker', () => {
  it('names no version, commit or branch of its own, so the same tests write the same file', () => {
    const metadata = (JSON.parse(pactText()) as { metadata: Record<string, unknown> }).metadata;
    expect(Object.keys(metadata).sort()).toEqual(['pact-js', 'pactRust', 'pactSpecification']);
  });

  it('npm run pact:publish sends every pact under the checkout’s version and branch to PACT_BROKER_BASE_URL', async () => {
    received = [];
    status = 200;
    const { code, output } = await pactPublish({ PACT_BROKER_BASE_URL: brokerUrl, PACT_BROKER_TOKEN: 't0ken' });
    expect(output).toContain('Published 1 pact(s) of portal-web');
    expect(code).toBe(0);
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call).toMatchObject({ method: 'POST', url: '/contracts/publish', authorization: 'Bearer t0ken' });
    const { version } = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { version: string };
    const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
    expect(call!.body).toMatchObject({
      pacticipantName: 'portal-web',
      pacticipantVersionNumber: `${version}+${git('rev-parse', 'HEAD').slice(0, 12)}`,
    });
    expect(call!.body.branch).toBe(branch === 'HEAD' ? undefined : branch);
    expect(call!.body.contracts).toHaveLength(1);
    const [contract] = call!.body.contracts;
    expect(contract).toMatchObject({ consumerName: 'portal-web', providerName: 'portal-api', specification: 'pact' });
    expect(Buffer.from(contract!.content, 'base64').toString('utf8')).toBe(pactText());
  });

  it('takes the consumer version and branch as arguments of the publication', async () => {
    received = [];
    status = 200;
    const { code, output } = await pactPublish({ PACT_BROKER_BASE_URL: brokerUrl }, [
      '--consumer-app-version',
      '2.0.0-rc.1',
      '--branch',
      'release/2.0',
    ]);
    expect(output).toContain('Published 1 pact(s) of portal-web 2.0.0-rc.1 (branch release/2.0)');
    expect(code).toBe(0);
    expect(received[0]!.body).toMatchObject({ pacticipantVersionNumber: '2.0.0-rc.1', branch: 'release/2.0' });
  });

  it('says what is wrong when the broker refuses, or when no broker is named', async () => {
    received = [];
    status = 401;
    const refused = await pactPublish({ PACT_BROKER_BASE_URL: brokerUrl, PACT_BROKER_TOKEN: 'wrong' });
    expect(refused.output).toContain('The broker refused the pacts: 401');
    expect(refused.code).toBe(1);

    const unnamed = await pactPublish({ PACT_BROKER_BASE_URL: undefined });
    expect(unnamed.output).toContain('Set PACT_BROKER_BASE_URL');
    expect(unnamed.code).toBe(2);
    expect(received).toHaveLength(1);
  });
});
