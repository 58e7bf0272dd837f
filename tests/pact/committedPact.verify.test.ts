import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pactCoverage, pactInteractions } from '../../scripts/pactCoverage';
import { ROOT } from '../support/testServer';
import { PACT_FILE } from './support';

const committedPath = path.relative(ROOT, PACT_FILE).split(path.sep).join('/');

/** The pact as the checkout's HEAD commit holds it, or null outside a git checkout. */
function committedPact(): string | null {
  try {
    return execFileSync('git', ['show', `HEAD:${committedPath}`], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
}

const insideGit = (() => {
  try {
    execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const descriptions = (text: string) =>
  (JSON.parse(text) as { interactions: { description: string }[] }).interactions.map((i) => i.description);

describe('the committed pact', () => {
  // Backend teams take pacts/ from the repository: what they take must be what the consumer tests expect.
  it.skipIf(!insideGit)(
    'is what the consumer tests wrote (outside a git checkout there is no commit to compare)',
    () => {
      const written = readFileSync(PACT_FILE, 'utf8');
      const committed = committedPact();
      if (committed === written) return;
      const before = new Set(committed ? descriptions(committed) : []);
      const after = new Set(descriptions(written));
      const added = [...after].filter((d) => !before.has(d));
      const removed = [...before].filter((d) => !after.has(d));
      expect.fail(
        `${committedPath} differs from the committed file: ${committed === null ? 'it is not committed' : `${added.length} interaction(s) added (${added.slice(0, 5).join('; ')}), ${removed.length} removed (${removed.slice(0, 5).join('; ')}), others changed`}. Review \`git diff ${committedPath}\` and commit it.`,
      );
    },
  );

  it('has an interaction for every route of the contract', () => {
    const uncovered = [...pactCoverage(pactInteractions(PACT_FILE))]
      .filter(([, interactions]) => interactions.length === 0)
      .map(([route]) => `${route.method} ${route.path}`);
    expect(uncovered).toEqual([]);
  });
});
