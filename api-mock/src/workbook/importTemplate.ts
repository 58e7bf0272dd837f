import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { CONSTRUCTION_YEARS_AHEAD, CONSTRUCTION_YEARS_BACK, EQUIPMENT_CODES } from '../../../contract/equipment';
import { CUSTOMER_FIELD_LABELS, type CustomerFieldLabels, type CustomerLabelKey } from '../../../contract/customers';
import {
  IMPORT_FALSE_WORDS,
  IMPORT_FIELD_ROW,
  IMPORT_FIELDS,
  IMPORT_HEADER_ROW,
  IMPORT_TRUE_WORDS,
  importFieldType,
  type ImportField,
} from '../../../contract/importProduct';

/**
 * The equipment import template (spec 2 section 7): built here for the static generic file
 * (scripts/makeImportTemplate.ts) and for each customer's download with its own field labels.
 */

// Read from disk rather than imported: the server may not import the web app (eslint), but shares its texts.
const ENGLISH_LABELS = new URL('../../../web/src/locales/en-us/importProduct.json', import.meta.url);

let english: Record<string, string> | undefined;
/** The English column labels of the import dialog, the template's generic headers; read once. */
const englishLabels = () => (english ??= JSON.parse(readFileSync(ENGLISH_LABELS, 'utf8')) as Record<string, string>);

/** The columns whose values come from a code list: the template's drop-downs, and what an import accepts. */
export const IMPORT_PICK_LISTS: Partial<Record<ImportField, readonly string[]>> = {
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
  const list = IMPORT_PICK_LISTS[field];
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

/** The header of each field the customer renamed (asset id, general 1 to 3). */
function customHeaders(labels: CustomerFieldLabels | null): Partial<Record<string, string>> {
  const headers: Partial<Record<string, string>> = {};
  for (const [key, field] of Object.entries(CUSTOMER_FIELD_LABELS) as [CustomerLabelKey, string][]) {
    const label = labels?.[key]?.trim();
    if (label) headers[field] = label;
  }
  return headers;
}

/**
 * The template: row 1 (hidden) the field names the import matches, row 2 the headers, data from row 3. The headers
 * are the generic English ones, with the customer's own label where it renamed a field; the import reads row 1, so
 * a file keeps importing whatever its headers say.
 */
export function buildImportTemplate(labels: CustomerFieldLabels | null = null): ExcelJS.Workbook {
  const generic = englishLabels();
  const custom = customHeaders(labels);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Instrument-owner portal';
  workbook.created = new Date('2026-01-01T00:00:00Z');
  workbook.modified = workbook.created;
  const sheet = workbook.addWorksheet('Products', { views: [{ state: 'frozen', ySplit: IMPORT_HEADER_ROW }] });
  IMPORT_FIELDS.forEach((field, index) => {
    const column = sheet.getColumn(index + 1);
    const header = custom[field] ?? generic[`column_${field}`];
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
