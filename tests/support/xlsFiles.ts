import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SSCONVERT } from '../../api-mock/src/workbook/legacyXls';

/** The same workbook saved as Excel 97–2003 (BIFF8 .xls) by gnumeric, as Excel's "Save as" would. */
export async function xlsOf(xlsx: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'xls-fixture-'));
  try {
    await writeFile(join(dir, 'in.xlsx'), xlsx);
    await promisify(execFile)(
      SSCONVERT,
      ['--export-type=Gnumeric_Excel:excel_biff8', join(dir, 'in.xlsx'), join(dir, 'out.xls')],
      { env: { PATH: '/usr/bin:/bin', HOME: dir, LC_ALL: 'C.UTF-8' } },
    );
    return await readFile(join(dir, 'out.xls'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
