import { z } from 'zod';
import { providerStaff, signedIn } from './access';
import { AccessCode } from './permissions';
import { lengthFirst } from './validation';
import { c, envelope, standardErrors, withCommonQuery } from './common';
import {
  CUSTOMER_LIST_COUNT,
  SWITCH_HISTORY_COUNT,
  LOGO_MAX_FILES,
  LOGO_MAX_BYTES,
  LOGO_EXTENSIONS,
  INT32_MAX,
  CUSTOMER_FIELD_LABEL_MAX,
} from './limits';

const hasLogoExtension = (fileName: string) =>
  LOGO_EXTENSIONS.some((ext) => fileName.toLowerCase().endsWith(`.${ext}`));

/** A picked logo file, checked before upload and again by the server (message keys of spec 3 section 8). */
export const LogoFile = z.object({
  name: z.string().max(255).refine(hasLogoExtension, 'unsupported_file_type'), // message key chosen: not in spec
  size: z.number().int().min(1).max(LOGO_MAX_BYTES, 'Attach_smaller_maxSize'),
});
export const LogoFiles = z.array(LogoFile).max(LOGO_MAX_FILES, 'Attach_smaller_maxFile');

/** The stored logo: the spec keeps it as a JSON string holding fileName and resourceKey (spec 1 section 3). */
export const LogoFileIdentifier = z.object({
  fileName: z.string().trim().min(1).max(255).refine(hasLogoExtension, 'unsupported_file_type'),
  resourceKey: z.string().min(1).max(500),
});
export type LogoFileIdentifier = z.infer<typeof LogoFileIdentifier>;

const parseJsonOrNull = (value: string): unknown => {
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
};

/** The logo identifier as it travels: a JSON string of `LogoFileIdentifier`. */
export const LogoFileIdentifierJson = z
  .string()
  .max(1000)
  .refine((v) => LogoFileIdentifier.safeParse(parseJsonOrNull(v)).success, 'logo_identifier_invalid'); // key chosen: not in spec

/** The identifier of a stored logo, or null when there is none or it cannot be read. */
export const parseLogoFileIdentifier = (value: string | null | undefined): LogoFileIdentifier | null => {
  if (!value) return null;
  const parsed = LogoFileIdentifier.safeParse(parseJsonOrNull(value));
  return parsed.success ? parsed.data : null;
};

const storedLabel = z.string().max(CUSTOMER_FIELD_LABEL_MAX).nullable();
/** The customer's own labels for the asset id and the general fields 1 to 3 (null: the default label). */
export const CustomerFieldLabels = z.object({
  customizeAssetId: storedLabel,
  customizeGeneral1: storedLabel,
  customizeGeneral2: storedLabel,
  customizeGeneral3: storedLabel,
});
export type CustomerFieldLabels = z.infer<typeof CustomerFieldLabels>;

/** A customer (spec 1 and 3 section 3). */
export const Customer = z.object({
  id: z.number().int().positive().max(INT32_MAX),
  name: z.string().max(100),
  /** Folder of the customer's service reports: /{customerFolder}/ServiceReport.aspx (spec 1 section 7). */
  customerFolder: z.string().max(100).nullable(),
  ...CustomerFieldLabels.shape,
  /** JSON with fileName and resourceKey; null without a logo. */
  customerLogoFileIdentifier: LogoFileIdentifierJson.nullable(),
  /** The customer's e-mail domain; when it is the provider's own, only the admin role can be invited (spec 3). */
  emailDomain: z.string().max(100).nullable(),
  /** The customer number. */
  customerIdentifier: z.string().max(30),
});
export type Customer = z.infer<typeof Customer>;

/** The customer's label fields and the equipment field each one renames. */
export const CUSTOMER_FIELD_LABELS = {
  customizeAssetId: 'assetId',
  customizeGeneral1: 'general1',
  customizeGeneral2: 'general2',
  customizeGeneral3: 'general3',
} as const;
export type CustomerLabelKey = keyof typeof CUSTOMER_FIELD_LABELS;
export type CustomerLabelledField = (typeof CUSTOMER_FIELD_LABELS)[CustomerLabelKey];

/**
 * Characters a label may not hold: control and format characters, and the braces, dollar sign and angle brackets
 * that translation templates and markup would read as their own. One class, so the check is linear on any input.
 */
export const FIELD_LABEL_PATTERN = /^[^\p{Cc}\p{Cf}{}$<>]*$/u;

/** One label as entered: trimmed, at most 30 characters (checked before the pattern), blank for the generic label. */
export const FieldLabelInput = lengthFirst(
  CUSTOMER_FIELD_LABEL_MAX,
  z.string().regex(FIELD_LABEL_PATTERN, 'customer_label_invalid'), // message key chosen: not in spec
).transform((value) => value || null);

/** PUT Users/customers/{id}/fieldLabels: every label of the customer at once (blank or null: the generic label). */
export const CustomerFieldLabelsUpdate = z
  .object({
    customizeAssetId: FieldLabelInput.nullable(),
    customizeGeneral1: FieldLabelInput.nullable(),
    customizeGeneral2: FieldLabelInput.nullable(),
    customizeGeneral3: FieldLabelInput.nullable(),
  })
  .strict();
export type CustomerFieldLabelsUpdate = z.input<typeof CustomerFieldLabelsUpdate>;

/** An entry of the switch history: the location switched to, with its customer (spec 3 section 3). */
export const SwitchHistoryEntry = z.object({
  location: z.object({
    locationId: z.number().int().positive().max(INT32_MAX).nullable(),
    customer: Customer,
  }),
  /** When the switch happened. chosen: not in spec */
  switchedTime: z.string().datetime({ offset: true }),
});
export type SwitchHistoryEntry = z.infer<typeof SwitchHistoryEntry>;

/** PUT Users/customer/logo: a new identifier, or '' to remove the logo (spec 1 section 7). */
export const CustomerLogoUpdate = z.object({
  customerLogoFileIdentifier: z.union([z.literal(''), LogoFileIdentifierJson]),
});
export type CustomerLogoUpdate = z.infer<typeof CustomerLogoUpdate>;

/** Temporary credentials for the file store (spec 1 section 3 "Cloud credential"). */
export const CloudCredential = z.object({
  region: z.string().max(60),
  identityPoolId: z.string().max(200),
  identityId: z.string().max(200),
  token: z.string(),
  /** Bucket name as stored on a record -> bucket name to use now. */
  bucketConversionMaps: z.record(z.string(), z.string()),
  /** File type (Equipment, ServiceRequest, ...) -> bucket name; the default file type is Equipment. */
  fileTypeBucketNameMaps: z.record(z.string(), z.string()),
});
export type CloudCredential = z.infer<typeof CloudCredential>;

export const customersContract = c.router(
  {
    list: {
      method: 'GET',
      path: '/api/Users/customers',
      query: withCommonQuery({
        keyword: z.string().trim().max(100).default(''),
        count: z.coerce.number().int().min(1).max(CUSTOMER_LIST_COUNT).default(CUSTOMER_LIST_COUNT),
      }),
      responses: { 200: envelope(z.array(Customer)), ...standardErrors },
      summary: 'PE users: customers whose name or number contains the keyword (403 for customer users)',
      metadata: providerStaff('anyCustomer'),
    },
    history: {
      method: 'GET',
      path: '/api/Users/customers/history',
      query: withCommonQuery({
        count: z.coerce.number().int().min(1).max(CUSTOMER_LIST_COUNT).default(SWITCH_HISTORY_COUNT),
      }),
      responses: { 200: envelope(z.array(SwitchHistoryEntry)), ...standardErrors },
      summary: "PE users: the signed-in user's latest customer switches, newest first",
      metadata: providerStaff('ownAccount'),
    },
    switchCustomer: {
      method: 'PUT',
      path: '/api/Users/customer/:customerId',
      pathParams: z.object({ customerId: z.coerce.number().int().positive().max(INT32_MAX) }),
      query: withCommonQuery({}),
      body: z.object({}).strict().optional(),
      responses: { 200: envelope(z.null()), ...standardErrors },
      summary: 'PE users: switch the session to another customer; the client reloads',
      metadata: providerStaff('anyCustomer', { page: { acrossCustomers: true } }),
    },
    updateLogo: {
      method: 'PUT',
      path: '/api/Users/customer/logo',
      query: withCommonQuery({}),
      body: CustomerLogoUpdate,
      responses: { 200: envelope(Customer), ...standardErrors },
      summary: "Set the current customer's logo from an uploaded file, or remove it with an empty identifier",
      metadata: signedIn('customer', { minRole: 'admin' }),
    },
    updateFieldLabels: {
      method: 'PUT',
      path: '/api/Users/customers/:customerId/fieldLabels',
      pathParams: z.object({ customerId: z.coerce.number().int().positive().max(INT32_MAX) }),
      query: withCommonQuery({}),
      body: CustomerFieldLabelsUpdate,
      responses: { 200: envelope(Customer), ...standardErrors },
      summary: "PE users in administration: set a customer's own labels of the asset id and general 1 to 3",
      metadata: providerStaff('anyCustomer', { accessCode: AccessCode.Admin }),
    },
    cloudCredential: {
      method: 'GET',
      path: '/api/users/cloudCredential',
      query: withCommonQuery({}),
      responses: { 200: envelope(CloudCredential), ...standardErrors },
      summary: 'Temporary credentials for uploads to and downloads from the file store',
      metadata: signedIn('customer'),
    },
    hasAssetGeniusSite: {
      method: 'POST',
      path: '/api/Equipment/HasAssetGeniusSite',
      query: withCommonQuery({ customerId: z.coerce.number().int().positive().max(INT32_MAX) }),
      body: z.object({}).strict().optional(),
      responses: { 200: envelope(z.boolean()), ...standardErrors },
      summary: 'Whether the customer has an AssetGenius site (the client treats a failure as false)',
      metadata: signedIn('customerOrAnyForStaff'),
    },
  },
  { strictStatusCodes: true },
);
