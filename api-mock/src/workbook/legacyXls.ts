import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportFailure } from '../../../contract/importProduct';
import { ImportRefused } from './sheet';

/** Gnumeric's converter (Debian's gnumeric, installed by scripts/ensure-deps.mjs) and util-linux's prlimit. */
export const SSCONVERT = '/usr/bin/ssconvert';
const PRLIMIT = '/usr/bin/prlimit';

/** OLE2 compound file: the legacy binary .xls (Excel 97–2003, BIFF8; Excel 5/95 too). */
export const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
export const isLegacyXls = (content: Buffer) => content.subarray(0, OLE2_MAGIC.length).equals(OLE2_MAGIC);

export interface ConvertLimits {
  /** Address space of the converter. */
  memoryMb: number;
  timeoutMs: number;
  /** The largest .xlsx it may write. */
  maxOutputBytes: number;
}

const STDERR_KEPT = 2_048;

/**
 * An .xls file's bytes as an .xlsx workbook, converted by gnumeric's ssconvert in a child process with its memory,
 * output size and time capped: a file only gnumeric's Excel reader accepts, whatever its contents claim to be. A
 * converter that crashes, is killed or runs out of room refuses the file as unsafe; one that cannot read it, as not
 * a workbook. Without the converter installed the file is refused as an .xls this server cannot read.
 */
export async function convertLegacyXls(content: Buffer, limits: ConvertLimits): Promise<Buffer> {
  if (!existsSync(SSCONVERT)) throw new ImportRefused(ImportFailure.LegacyXls);
  const dir = await mkdtemp(join(tmpdir(), 'xls-'));
  try {
    const input = join(dir, 'in.xls');
    const output = join(dir, 'out.xlsx');
    await writeFile(input, content);
    await run(
      [
        `--as=${limits.memoryMb * 1024 * 1024}`,
        `--fsize=${limits.maxOutputBytes}`,
        '--core=0',
        '--',
        SSCONVERT,
        '--import-type=Gnumeric_Excel:excel',
        '--export-type=Gnumeric_Excel:xlsx2',
        input,
        output,
      ],
      dir,
      limits.timeoutMs,
    );
    return await readFile(output).catch(() => {
      throw new ImportRefused(ImportFailure.NotAWorkbook);
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(args: string[], home: string, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(PRLIMIT, args, {
      cwd: home,
      env: { PATH: '/usr/bin:/bin', HOME: home, LC_ALL: 'C.UTF-8' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(deadline);
      if (code === 0) return resolve();
      // ssconvert answers 1 for a file its Excel reader refuses; a signal, or the loader's 127 when the memory cap
      // leaves no room for its libraries, means the file cost more than it may.
      const unreadable = code === 1 && !timedOut && !/memory|allocate/i.test(stderr);
      reject(new ImportRefused(unreadable ? ImportFailure.NotAWorkbook : ImportFailure.UnsafeArchive));
    });
  });
}
