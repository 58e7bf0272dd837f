/**
 * `npm run bench`: the benchmarks (vitest bench, not part of `npm test`). With `--strict` a missed target fails the
 * run as a wrong answer always does: the benches read BENCH_STRICT=1 (tests/bench/timed.ts), since vitest refuses an
 * option it does not know. Every other argument goes to vitest, and its exit code is this one's.
 *
 *   npm run bench                                      # every bench, figures printed beside their targets
 *   npm run bench -- --strict                          # exits 1 when any figure misses its target
 *   npm run bench -- --strict tests/bench/users.bench.ts
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const strict = args.includes('--strict');
const vitestArgs = args.filter((arg) => arg !== '--strict');

const child = spawn(
  process.execPath,
  [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'bench', '--run', '-c', 'vitest.bench.config.ts', ...vitestArgs],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, BENCH_STRICT: strict ? '1' : '0' } },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
