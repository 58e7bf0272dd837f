import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** `git <args>` in the repository, or null where there is no git checkout. */
function git(...args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export interface ConsumerVersion {
  /** The package version and the commit's short hash, as the Pact Broker records the consumer version. */
  consumerVersion: string;
  gitCommit: string | null;
  gitBranch: string | null;
}

/** The version a publication names by default: package.json's version with the checkout's git commit, and its branch. */
export function consumerVersion(): ConsumerVersion {
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const gitCommit = git('rev-parse', 'HEAD');
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  return {
    consumerVersion: gitCommit ? `${version}+${gitCommit.slice(0, 12)}` : version,
    gitCommit,
    gitBranch: branch && branch !== 'HEAD' ? branch : null,
  };
}
