import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { consumerVersion } from '../../scripts/pactVersion';
import { PACT_FILE } from './support';

/**
 * The consumer run writes the pact file anew, so an interaction removed from the tests leaves it too; once every
 * test has run, the file is stamped with the consumer version and git commit it was written from.
 */
export default function setup() {
  rmSync(PACT_FILE, { force: true });
  return () => {
    if (!existsSync(PACT_FILE)) return;
    const pact = JSON.parse(readFileSync(PACT_FILE, 'utf8')) as { metadata?: Record<string, unknown> };
    pact.metadata = { ...pact.metadata, ...consumerVersion() };
    writeFileSync(PACT_FILE, `${JSON.stringify(pact, null, 2)}\n`);
  };
}
