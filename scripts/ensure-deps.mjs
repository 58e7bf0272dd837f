// Installs what `npm start` and `npm test` need and is missing: the npm packages (when node_modules is absent or
// older than package-lock.json) and, with --system, Debian's chromium and postgresql for the browser and
// PostgreSQL tests (as root, through apt-get).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';

const run = (cmd) => execSync(cmd, { stdio: 'inherit' });

const marker = 'node_modules/.package-lock.json';
if (!existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs) {
  console.log('Installing npm packages (npm ci)…');
  run('npm ci --no-audit --no-fund');
}

if (process.argv.includes('--system')) {
  const hasPostgres =
    existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
  const missing = [
    !existsSync('/usr/bin/chromium') && 'chromium',
    !hasPostgres && 'postgresql',
    !existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc') && 'fonts-noto-cjk',
  ].filter(Boolean);
  if (missing.length > 0) {
    if (process.getuid?.() !== 0) {
      console.error(
        `Missing Debian packages: ${missing.join(' ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`,
      );
      process.exit(1);
    }
    console.log(`Installing Debian packages: ${missing.join(' ')}…`);
    run('apt-get update -qq');
    run(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`);
  }
}
