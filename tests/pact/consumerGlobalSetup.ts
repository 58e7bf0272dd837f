import { rmSync } from 'node:fs';
import { PACT_FILE } from './support';

/** The consumer run writes the pact file anew, so an interaction removed from the tests leaves it too. */
export default function setup() {
  rmSync(PACT_FILE, { force: true });
}
