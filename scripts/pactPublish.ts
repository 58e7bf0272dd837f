/**
 * Publishes the consumer pacts in pacts/ to a Pact Broker: PACT_BROKER_BASE_URL=https://broker npm run pact:publish
 * (with PACT_BROKER_TOKEN, or PACT_BROKER_USERNAME and PACT_BROKER_PASSWORD, when the broker asks for them).
 * The consumer version and branch are arguments of the publication, as the broker's own CLI takes them
 * (`-- --consumer-app-version 1.2.3 --branch release`); by default package.json's version with the checkout's commit,
 * and the checkout's branch. The pact file itself names neither, so the committed file stays the same.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { consumerVersion } from './pactVersion';

const ROOT = path.resolve(import.meta.dirname, '..');
const PACT_DIR = path.join(ROOT, 'pacts');

interface PactFile {
  consumer: { name: string };
  provider: { name: string };
}

function brokerHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/hal+json' };
  const { PACT_BROKER_TOKEN: token, PACT_BROKER_USERNAME: user, PACT_BROKER_PASSWORD: password } = process.env;
  if (token) headers.authorization = `Bearer ${token}`;
  else if (user) headers.authorization = `Basic ${Buffer.from(`${user}:${password ?? ''}`).toString('base64')}`;
  return headers;
}

async function main() {
  const broker = process.env.PACT_BROKER_BASE_URL;
  if (!broker) {
    console.error('Set PACT_BROKER_BASE_URL to the Pact Broker to publish to.');
    process.exit(2);
  }
  const files = existsSync(PACT_DIR) ? readdirSync(PACT_DIR).filter((f) => f.endsWith('.json')) : [];
  if (files.length === 0) {
    console.error('No pact file in pacts/: run `npm run test:pact` first.');
    process.exit(2);
  }
  const { values } = parseArgs({
    options: { 'consumer-app-version': { type: 'string' }, branch: { type: 'string' } },
    strict: true,
  });
  const checkout = consumerVersion();
  const version = values['consumer-app-version'] || checkout.consumerVersion;
  const branch = values.branch || checkout.gitBranch;
  const pacts = files.map((f) => readFileSync(path.join(PACT_DIR, f), 'utf8'));
  const parsed = pacts.map((text) => JSON.parse(text) as PactFile);
  const body = {
    pacticipantName: parsed[0]!.consumer.name,
    pacticipantVersionNumber: version,
    ...(branch ? { branch } : {}),
    tags: [],
    contracts: parsed.map((pact, i) => ({
      consumerName: pact.consumer.name,
      providerName: pact.provider.name,
      specification: 'pact',
      contentType: 'application/json',
      content: Buffer.from(pacts[i]!).toString('base64'),
    })),
  };
  const url = new URL('contracts/publish', broker.endsWith('/') ? broker : `${broker}/`);
  const answer = await fetch(url, {
    method: 'POST',
    headers: brokerHeaders(),
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await answer.text();
  if (!answer.ok) {
    console.error(`The broker refused the pacts: ${answer.status} ${text.slice(0, 500)}`);
    process.exit(1);
  }
  console.log(
    `Published ${parsed.length} pact(s) of ${body.pacticipantName} ${version}${branch ? ` (branch ${branch})` : ''} to ${url.origin}.`,
  );
}

await main();
