// Installs what `npm start` and `npm test` need and is missing: the npm packages (when node_modules is absent or
// older than package-lock.json) and, as root through apt-get, with --system Debian's chromium, postgresql and
// fonts-noto-cjk for the browser, PostgreSQL and report tests, with --fonts only the fonts (`npm start`).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';

const run = (cmd) => execSync(cmd, { stdio: 'inherit' });

const marker = 'node_modules/.package-lock.json';
if (!existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs) {
  console.log('Installing npm packages (npm ci)…');
  run('npm ci --no-audit --no-fund');
}

const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/** Debian packages the tests need (--system), or only the fonts the service-report PDFs need (--fonts). */
function missingPackages() {
  if (process.argv.includes('--system')) {
    const hasPostgres =
      existsSync('/usr/lib/postgresql') &&
      readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
    return [
      !existsSync('/usr/bin/chromium') && 'chromium',
      !hasPostgres && 'postgresql',
      !existsSync(CJK_FONT) && 'fonts-noto-cjk',
    ].filter(Boolean);
  }
  if (process.argv.includes('--fonts')) return existsSync(CJK_FONT) ? [] : ['fonts-noto-cjk'];
  return [];
}

const missing = missingPackages();
if (missing.length > 0) {
  const command = `apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    if (!process.argv.includes('--system')) {
      // The server runs without them: Japanese and Chinese text in service reports then does not show.
      console.warn(`Service reports need Debian's ${missing.join(' ')} for CJK text: sudo ${command}`);
    } else {
      console.error(`Missing Debian packages: ${missing.join(' ')}. Install them with: sudo ${command}`);
      process.exit(1);
    }
  } else {
    console.log(`Installing Debian packages: ${missing.join(' ')}…`);
    run('apt-get update -qq');
    run(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`);
  }
}
