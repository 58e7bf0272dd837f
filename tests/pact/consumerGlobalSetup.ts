import { rmSync } from 'node:fs';
import { PACT_FILE } from './support';

/**
 * The consumer run writes the pact file anew, so an interaction removed from the tests leaves it too. The file holds
 * nothing of the run (no version, commit or time): the same tests write the same bytes, so it is committed, and
 * `committedPact.verify.test.ts` fails when it differs from the committed one.
 */
export default function setup() {
  rmSync(PACT_FILE, { force: true });
}
