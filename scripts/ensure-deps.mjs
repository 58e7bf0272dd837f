// Installs what `npm start` and `npm test` need and is missing: the npm packages (when node_modules is absent or
// older than package-lock.json) and, as root through apt-get, with --system Debian's chromium, postgresql,
// sphinxsearch, fonts-noto-cjk and gnumeric for the browser, PostgreSQL, search-index, report and .xls import tests, with --fonts only what the
// server itself uses (`npm start`): the fonts and gnumeric (its ssconvert reads imported .xls files).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';

const run = (cmd) => execSync(cmd, { stdio: 'inherit' });

const marker = 'node_modules/.package-lock.json';
if (!existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs) {
  console.log('Installing npm packages (npm ci)…');
  run('npm ci --no-audit --no-fund');
}

const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const SSCONVERT = '/usr/bin/ssconvert';

/** Debian packages the tests need (--system), or only those the server uses (--fonts). */
function missingPackages() {
  const server = [!existsSync(CJK_FONT) && 'fonts-noto-cjk', !existsSync(SSCONVERT) && 'gnumeric'];
  if (process.argv.includes('--system')) {
    const hasPostgres =
      existsSync('/usr/lib/postgresql') &&
      readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
    const tests = [
      !existsSync('/usr/bin/chromium') && 'chromium',
      !hasPostgres && 'postgresql',
      !existsSync('/usr/bin/searchd') && 'sphinxsearch',
    ];
    return [...tests, ...server].filter(Boolean);
  }
  if (process.argv.includes('--fonts')) return server.filter(Boolean);
  return [];
}

const missing = missingPackages();
if (missing.length > 0) {
  const command = `apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    if (!process.argv.includes('--system')) {
      // The server runs without them: Japanese and Chinese text in service reports then does not show, and .xls
      // imports are refused with a request to save the file as .xlsx.
      console.warn(`Service reports (CJK text) and .xls imports need Debian's ${missing.join(' ')}: sudo ${command}`);
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
