// Writes web/public/templates/Product Import - Template.xlsx: npx tsx scripts/makeImportTemplate.ts
// A unit test fails when the committed template no longer matches what this script builds. Customers with their own
// field labels download theirs from GET Equipment/importTemplate, built by the same code.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { IMPORT_TEMPLATE_PATH } from '../contract/importProduct';
import { buildImportTemplate } from '../api-mock/src/workbook/importTemplate';

export { buildImportTemplate };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEMPLATE_FILE = path.join(ROOT, 'web/public', IMPORT_TEMPLATE_PATH);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  await buildImportTemplate().xlsx.writeFile(TEMPLATE_FILE);
  console.log(`wrote ${path.relative(ROOT, TEMPLATE_FILE)}`);
}
