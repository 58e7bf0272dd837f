// Writes web/public/templates/Product Import - Template.xlsx: npx tsx scripts/makeImportTemplate.ts
// A unit test fails when the committed template no longer matches what this script builds.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { CONSTRUCTION_YEARS_AHEAD, CONSTRUCTION_YEARS_BACK, EQUIPMENT_CODES } from '../contract/equipment';
import {
  IMPORT_FALSE_WORDS,
  IMPORT_FIELD_ROW,
  IMPORT_FIELDS,
  IMPORT_HEADER_ROW,
  IMPORT_TEMPLATE_PATH,
  IMPORT_TRUE_WORDS,
  importFieldType,
  type ImportField,
} from '../contract/importProduct';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEMPLATE_FILE = path.join(ROOT, 'web/public', IMPORT_TEMPLATE_PATH);

/** The English column labels of the import dialog are the template's headers. */
const labels = JSON.parse(readFileSync(path.join(ROOT, 'web/src/locales/en-us/importProduct.json'), 'utf8')) as Record<
  string,
  string
>;

const PICK_LISTS: Partial<Record<ImportField, readonly string[]>> = {
  classification: EQUIPMENT_CODES.classification,
  priorityD: EQUIPMENT_CODES.priority,
  priorityDQA: EQUIPMENT_CODES.priority,
  priorityDSafety: EQUIPMENT_CODES.priority,
  pcConnectivity: EQUIPMENT_CODES.pcConnectivity,
};

/** The header's note: what a column accepts, where there is a rule beyond its length. */
function noteOf(field: ImportField): string | undefined {
  if (field === 'mfg' || field === 'model') return 'Required.';
  if (field === 'equipConstrYear') {
    return `A year from ${CONSTRUCTION_YEARS_BACK} years back to ${CONSTRUCTION_YEARS_AHEAD} years ahead.`;
  }
  if (field === 'equipConstrMonth') return 'A month from 1 to 12.';
  const list = PICK_LISTS[field];
  if (list) return `One of: ${list.join(', ')}.`;
  switch (importFieldType(field)) {
    case 'date':
      return 'A date (YYYY-MM-DD or an Excel date).';
    case 'boolean':
      return `One of: ${[...IMPORT_TRUE_WORDS, ...IMPORT_FALSE_WORDS].join(', ')}.`;
    default:
      return undefined;
  }
}

/** The template: row 1 (hidden) the field names the import matches, row 2 the headers, data from row 3. */
export function buildImportTemplate(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Instrument-owner portal';
  workbook.created = new Date('2026-01-01T00:00:00Z');
  workbook.modified = workbook.created;
  const sheet = workbook.addWorksheet('Products', { views: [{ state: 'frozen', ySplit: IMPORT_HEADER_ROW }] });
  IMPORT_FIELDS.forEach((field, index) => {
    const column = sheet.getColumn(index + 1);
    const header = labels[`column_${field}`];
    if (!header) throw new Error(`no English label column_${field} in importProduct.json`);
    column.width = Math.max(14, header.length + 4);
    const type = importFieldType(field);
    // Text columns keep leading zeros and long digit strings (serials, phones) as typed.
    column.numFmt = type === 'date' ? 'yyyy-mm-dd' : type === 'text' ? '@' : 'General';
    sheet.getRow(IMPORT_FIELD_ROW).getCell(index + 1).value = field;
    const cell = sheet.getRow(IMPORT_HEADER_ROW).getCell(index + 1);
    cell.value = header;
    const note = noteOf(field);
    if (note) cell.note = note;
  });
  sheet.getRow(IMPORT_FIELD_ROW).hidden = true;
  sheet.getRow(IMPORT_HEADER_ROW).font = { bold: true };
  return workbook;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  await buildImportTemplate().xlsx.writeFile(TEMPLATE_FILE);
  console.log(`wrote ${path.relative(ROOT, TEMPLATE_FILE)}`);
}
