import { z } from 'zod';
import { EntityId } from './common';
import { ErrorCode, HttpErrorCode } from './errors';
import { IMPORT_FILE_MAX_BYTES } from './limits';

/**
 * Import of equipment from a spreadsheet over the real-time hub /signalr (spec 2 sections 2, 4, 5, 7 and 8).
 * Hub messages are not REST routes, so they are not in the ts-rest contract; these schemas are their contract.
 */

/** Static template (spec 2 section 7), served from web/public: the generic headers. */
export const IMPORT_TEMPLATE_PATH = '/templates/Product Import - Template.xlsx';
/** The name of the template downloaded with the customer's labels (GET Equipment/importTemplate). */
export const IMPORT_TEMPLATE_FILE_NAME = 'Product Import - Template.xlsx';
export const IMPORT_FILE_EXTENSIONS = ['xls', 'xlsx'] as const;

/**
 * The file: sheet 1; row 1 (hidden) holds the API field names, row 2 readable headers, data from row 3 on. The
 * inventory export writes the same shape, so an exported file imports back.
 */
export const IMPORT_FIELD_ROW = 1;
export const IMPORT_HEADER_ROW = 2;
export const IMPORT_FIRST_DATA_ROW = 3;

/** Columns an export carries that the import skips: derived, read-only, or set by the provider. */
export const IMPORT_IGNORED_FIELDS: readonly string[] = [
  'equipmentId',
  'documentCount',
  'instrumentAge',
  'location.city',
  'location.siteAddress',
  'dataSourceId',
  'changedOnCust',
  'changedByCust',
  /** Derived from the contracts of the equipment. */
  'status',
  'contractCategroy',
  /** Products management (provider staff) sets the part number. */
  'partNumber',
  /** Kept from the service intervals. */
  'nextCalibrationDue',
  'nextMaintenanceDue',
];

/**
 * Field of each column the import reads, with the row error code that names it. 16010-16033 are the spec's; the
 * others (16101-16138) name columns the spec's catalogue has no code for (make, model, plain texts too long, the
 * budget owner's phone and e-mail, two flags). Codes 16101-16138 chosen: not in spec.
 */
export const IMPORT_FIELD_ERROR_CODE = {
  mfg: 16101,
  model: 16102,
  dtype: ErrorCode.ImportInvalidType,
  serial: 16103,
  systemId: 16104,
  systemNickName: 16105,
  osGxpFlag: ErrorCode.ImportInvalidGxp,
  building: 16106,
  floor: 16107,
  room: 16108,
  department: 16109,
  costCenter: 16110,
  costCenter2: 16111,
  contactName: 16112,
  contactPhone: ErrorCode.ImportInvalidPrimaryUserPhone,
  contactEmail: ErrorCode.ImportInvalidPrimaryUserEmail,
  contactMgrName: 16113,
  contactMgrPhone: ErrorCode.ImportInvalidLabManagerPhone,
  contactMgrEmail: ErrorCode.ImportInvalidLabManagerEmail,
  financialResponsibilityName: 16114,
  financialResponsibilityPhone: 16115,
  financialResponsibilityEmail: 16116,
  vendorName: 16117,
  vendorContact: 16118,
  vendorTel: ErrorCode.ImportInvalidServiceCompanyPhone,
  vendorEmail: ErrorCode.ImportInvalidServiceCompanyEmail,
  instDate: ErrorCode.ImportInvalidInstalledOn,
  oemParts: 16119,
  userGroupId: 16120,
  productName: 16121,
  equipStartUpDate: ErrorCode.ImportInvalidStartUpDate,
  equipConstrYear: ErrorCode.ImportInvalidConstructionYear,
  equipConstrMonth: ErrorCode.ImportInvalidConstructionMonth,
  priorityD: ErrorCode.ImportInvalidServicePriority,
  priorityDQA: ErrorCode.ImportInvalidQaPriority,
  priorityDSafety: ErrorCode.ImportInvalidSafetyPriority,
  safetyCategory: 16122,
  mainComponent: ErrorCode.ImportInvalidMainComponent,
  indicatorRecord: ErrorCode.ImportInvalidIndicatorRecord,
  productSeries: 16123,
  os: 16124,
  pcApp1: 16125,
  pcAppv1: 16126,
  pcId: 16127,
  pcName: 16128,
  pcConnectivity: ErrorCode.ImportInvalidPcConnectivity,
  classification: ErrorCode.ImportInvalidClassification,
  agConnected: 16129,
  isComputer: 16130,
  comments: 16131,
  general1: 16132,
  general2: 16133,
  general3: 16134,
  pkiTag: 16135,
  assetId: 16136,
  rfidTag: 16137,
  assetGeniusFlag: ErrorCode.ImportInvalidAssetGeniusFlag,
  custSysId: 16138,
} as const satisfies Record<string, number>;

export type ImportField = keyof typeof IMPORT_FIELD_ERROR_CODE;
/** The columns of the template, in this order: the fields of the add-equipment form. */
export const IMPORT_FIELDS = Object.keys(IMPORT_FIELD_ERROR_CODE) as ImportField[];

const FIELD_OF_CODE = new Map<number, ImportField>(IMPORT_FIELDS.map((f) => [IMPORT_FIELD_ERROR_CODE[f], f]));
/** The column a row error code names, or undefined for a code this version does not know. */
export const importFieldOfCode = (code: number): ImportField | undefined => FIELD_OF_CODE.get(code);

/** The values each column takes; the import turns a cell into this type before checking it. */
export type ImportValueType = 'text' | 'date' | 'integer' | 'boolean';
const TYPED: Partial<Record<ImportField, ImportValueType>> = {
  instDate: 'date',
  equipStartUpDate: 'date',
  equipConstrYear: 'integer',
  equipConstrMonth: 'integer',
  osGxpFlag: 'boolean',
  mainComponent: 'boolean',
  indicatorRecord: 'boolean',
  agConnected: 'boolean',
  isComputer: 'boolean',
  assetGeniusFlag: 'boolean',
};
export const importFieldType = (field: ImportField): ImportValueType => TYPED[field] ?? 'text';

/** Words a boolean column accepts (case-insensitive), besides Excel's TRUE and FALSE. */
export const IMPORT_TRUE_WORDS: readonly string[] = ['true', 'yes', '1'];
export const IMPORT_FALSE_WORDS: readonly string[] = ['false', 'no', '0'];

/**
 * errorCode of ImportProductCompleted when the whole file was refused (spec 2 section 8: the client shows the
 * generic import-failed message, or a more precise one where it has it). 160xx codes chosen: not in spec.
 */
export const ImportFailure = {
  BadMessage: HttpErrorCode.BadRequest,
  NotSignedIn: HttpErrorCode.Unauthorized,
  /** customerPermission.isProductAddingEnabled is off, or the location is not the customer's. */
  Forbidden: HttpErrorCode.Forbidden,
  ServerError: HttpErrorCode.ServerError,
  FileTooLarge: 16040,
  /** Legacy binary .xls on a server without its converter (Debian's gnumeric): save it as .xlsx. */
  LegacyXls: 16041,
  NotAWorkbook: 16042,
  /** Row 1 names no column of the template. */
  NoKnownColumns: 16043,
  NoRows: 16044,
  /** This connection is already importing a file. */
  Busy: 16045,
  /** Sheet 1 holds more data rows than an import takes (IMPORT_ARCHIVE_LIMITS.maxRows). */
  TooManyRows: 16046,
  /** The zip inside holds too many entries or inflates too far (a zip bomb), or reading it ran out of room. */
  UnsafeArchive: 16047,
} as const;

/** Characters of the base64 text of a file of IMPORT_FILE_MAX_BYTES. */
export const IMPORT_FILE_MAX_BASE64 = Math.ceil(IMPORT_FILE_MAX_BYTES / 3) * 4;

/** Client to server: importProduct (LocationId, FileContent as base64). */
export const ImportProductRequest = z.object({
  type: z.literal('importProduct'),
  locationId: EntityId,
  fileContent: z
    .string()
    .min(1)
    .max(IMPORT_FILE_MAX_BASE64)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'),
  /** The anti-forgery token of the page (its XSRF-TOKEN cookie): importing changes data. */
  xsrfToken: z.string().max(200),
});
export type ImportProductRequest = z.infer<typeof ImportProductRequest>;

/** Server to client while reading, checking and saving: percent done. */
export const ImportProductProgress = z.object({
  type: z.literal('ImportProductProgress'),
  progress: z.number().int().min(0).max(100),
});
export type ImportProductProgress = z.infer<typeof ImportProductProgress>;

/** Excel row number -> error codes of its invalid columns. */
export const ImportRowErrors = z.record(z.string().regex(/^\d+$/), z.array(z.number().int()).min(1));
export type ImportRowErrors = z.infer<typeof ImportRowErrors>;

/** Server to client at the end: errorCode 0 with the failed rows (valid rows are saved), or the file's refusal. */
export const ImportProductCompleted = z.object({
  type: z.literal('ImportProductCompleted'),
  errorCode: z.number().int(),
  result: ImportRowErrors,
  importedCount: z.number().int().min(0),
});
export type ImportProductCompleted = z.infer<typeof ImportProductCompleted>;

export const ImportProductServerMessage = z.discriminatedUnion('type', [ImportProductProgress, ImportProductCompleted]);
export type ImportProductServerMessage = z.infer<typeof ImportProductServerMessage>;
