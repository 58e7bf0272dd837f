import { z } from 'zod';
import { anyone, signedIn } from './access';
import { INT32_MAX } from './limits';
import { c, envelope, standardErrors, withCommonQuery } from './common';
import { BucketName, FileName, ResourceKey } from './images';
import { emailListSchema, isEmailOrEmpty, optionalText, phoneSchema, requiredText } from './validation';

/** Feedback and contact-us requests (spec 3 sections 2, 3, 5 and 7; the no-account form: spec 2 section 5). */

/** Feedback attachments (spec 3 sections 5 and 9): up to 4 files, 3 MB each, these types. */
export const FEEDBACK_MAX_FILES = 4;
export const FEEDBACK_FILE_MAX_BYTES = 3 * 1024 * 1024;
export const FEEDBACK_FILE_EXTENSIONS = ['.jpg', '.jpeg', '.gif', '.png', '.mp4'] as const;
/** The (escaped) feedback description and the notification e-mails field. chosen: not in spec */
export const FEEDBACK_DESCRIPTION_MAX = 4000;
export const FEEDBACK_EMAILS_MAX = 1000;

/** Contact-us limits (spec 3 section 5): names 30, company 60, e-mail 60, telephone 20, comments 2000. */
export const CONTACT_NAME_MAX = 30;
export const CONTACT_COMPANY_MAX = 60;
export const CONTACT_EMAIL_MAX = 60;
export const CONTACT_PHONE_MAX = 20;
export const CONTACT_COMMENTS_MAX = 2000;
export const CONTACT_LOCATION_MAX = 100;
export const CONTACT_MODEL_MAX = 100;
/** The no-account request form's comments (spec 2 section 5 "Request more info"). */
export const NO_ACCOUNT_COMMENTS_MAX = 200;
/** Country display name and request-quote text. chosen: not in spec */
export const COUNTRY_NAME_MAX = 100;
export const REQUEST_QUOTE_MAX = 500;

export const CONTACT_TYPE = { Sales: 1, InstrumentRelocation: 2, TechnicalSupport: 3 } as const;
export const CONTACT_METHOD = { Phone: 1, Email: 2, SeeComments: 3 } as const;
/**
 * The option sets of a contact-us request (spec 3 section 3: challenge 31 options, timeline 6, category 32). The
 * spec does not show their wording; these codes are ours. An option travels as its 1-based place in its list, so
 * the lists only ever grow at the end. The label of each is the translation key feedback:<set>_<code>.
 */
export const CONTACT_CHALLENGES = [
  'increaseThroughput',
  'lowerDetectionLimits',
  'regulatoryCompliance',
  'replaceAgeingInstrument',
  'addCapability',
  'reduceCostPerSample',
  'improveUptime',
  'automateSamplePrep',
  'dataIntegrity',
  'connectLims',
  'methodDevelopment',
  'methodValidation',
  'staffTraining',
  'newLaboratory',
  'consolidateVendors',
  'servicePlan',
  'extendWarranty',
  'softwareUpgrade',
  'hardwareUpgrade',
  'consumablesSupply',
  'foodSafety',
  'environmentalTesting',
  'pharmaQc',
  'clinicalResearch',
  'materialsCharacterization',
  'cannabisTesting',
  'batteryMaterials',
  'semiconductorPurity',
  'forensicToxicology',
  'reduceResourceUse',
  'other',
] as const;
export const CONTACT_TIMELINES = [
  'asap',
  'within1Month',
  'within3Months',
  'within6Months',
  'within12Months',
  'researching',
] as const;
export const SUPPORT_CATEGORIES = [
  'hplc',
  'gasChromatography',
  'gcMs',
  'lcMs',
  'icpMs',
  'icpOes',
  'atomicAbsorption',
  'uvVis',
  'ftirNir',
  'fluorescence',
  'thermalAnalysis',
  'elementalAnalysis',
  'headspaceThermalDesorption',
  'plateReaders',
  'liquidHandling',
  'highContentImaging',
  'nucleicAcidPrep',
  'pcr',
  'electrophoresis',
  'liquidScintillation',
  'chromatographyDataSystem',
  'spectroscopySoftware',
  'labInformatics',
  'softwareLicensing',
  'part11Compliance',
  'qualification',
  'applicationSupport',
  'consumablesParts',
  'pcConnectivity',
  'preventiveMaintenance',
  'portalAccess',
  'other',
] as const;
export type ContactChallenge = (typeof CONTACT_CHALLENGES)[number];
export type ContactTimeline = (typeof CONTACT_TIMELINES)[number];
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const CHALLENGE_OPTION_COUNT = CONTACT_CHALLENGES.length;
export const TIMELINE_OPTION_COUNT = CONTACT_TIMELINES.length;
export const CATEGORY_OPTION_COUNT = SUPPORT_CATEGORIES.length;
/** The code of the option sent as `id` (its 1-based place in `list`), or undefined for an unknown id. */
export const optionCodeOf = <T extends string>(list: readonly T[], id: number | null | undefined): T | undefined =>
  id == null ? undefined : list[id - 1];
export const INSTRUMENT_COUNT_OPTIONS = ['1-5', '6-20', '20-100', '100+'] as const;
/** Four call-time slots between 8am and 5pm (spec 3 section 3); the slot boundaries are chosen: not in spec. */
export const CALL_TIME_SLOTS = ['08:00-10:00', '10:00-12:00', '12:00-15:00', '15:00-17:00'] as const;

const hasFeedbackExtension = (fileName: string) =>
  FEEDBACK_FILE_EXTENSIONS.some((ext) => fileName.toLowerCase().endsWith(ext));

/** A feedback attachment already uploaded to file storage. */
export const FeedbackFile = z.object({
  fileName: FileName.refine(hasFeedbackExtension, 'unsupported_file_type'), // key chosen
  resourceKey: ResourceKey,
  bucketName: BucketName,
  size: z.number().int().min(1).max(FEEDBACK_FILE_MAX_BYTES, 'Attach_smaller_maxSize'),
});
export type FeedbackFile = z.infer<typeof FeedbackFile>;

/** POST Users/feedback (spec 3 section 5 "Feedback"); the client escapes the description before sending. */
export const FeedbackRequest = z.object({
  /** Who is told about the feedback: semicolon-separated addresses, each valid (lblEmailsWarning). */
  emailTo: emailListSchema(FEEDBACK_EMAILS_MAX).default(''),
  issueDescription: requiredText(FEEDBACK_DESCRIPTION_MAX),
  attachFiles: z.array(FeedbackFile).max(FEEDBACK_MAX_FILES, 'Attach_smaller_maxFile').default([]),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;
export type FeedbackRequestInput = z.input<typeof FeedbackRequest>;

/** Refusals of POST Users/feedback beyond the schema (400 errorMessage, an i18n key). key chosen: not in spec */
export const FEEDBACK_REFUSAL = {
  attachmentMissing: 'feedback:attachment_not_uploaded',
  /** A copy names an address that is not one of the customer's users: copies go to colleagues only. */
  copyOutsideCustomer: 'feedback:copy_not_colleague',
} as const;

/** Refusals of POST Users/{type}/contactUs beyond the schema (400 errorMessage, an i18n key). */
export const CONTACT_US_REFUSAL = {
  /** The type in the path is not the type of the body. */
  typeMismatch: 'request_type_tips',
  /** The country id is not one of the configuration's countries. key chosen: not in spec */
  unknownCountry: 'feedback:country_unknown',
} as const;

const option = (count: number) => z.number().int().min(1).max(count).nullable().optional();
const isBlank = (value: string | null | undefined) => value == null || value.trim() === '';

/** POST Users/{type}/contactUs (spec 3 section 3 "Contact-us request"). */
export const ContactUsRequest = z
  .object({
    type: z
      .number({ required_error: 'request_type_tips', invalid_type_error: 'request_type_tips' })
      .int()
      .min(CONTACT_TYPE.Sales, 'request_type_tips')
      .max(CONTACT_TYPE.TechnicalSupport, 'request_type_tips'),
    firstName: requiredText(CONTACT_NAME_MAX),
    lastName: requiredText(CONTACT_NAME_MAX),
    companyName: optionalText(CONTACT_COMPANY_MAX),
    countryId: z.number().int().positive().max(INT32_MAX).nullable().optional(),
    /** The country's display name. */
    country: optionalText(COUNTRY_NAME_MAX),
    contactMethod: z
      .number({ required_error: 'required_field', invalid_type_error: 'required_field' })
      .int()
      .min(CONTACT_METHOD.Phone, 'required_field')
      .max(CONTACT_METHOD.SeeComments, 'required_field'),
    emailAddress: z.string().trim().max(CONTACT_EMAIL_MAX).refine(isEmailOrEmpty, 'lblEmailsWarning').nullish(),
    telephone: phoneSchema(CONTACT_PHONE_MAX).nullish(),
    callTime: z.enum(CALL_TIME_SLOTS).nullish(),
    requestQuote: optionalText(REQUEST_QUOTE_MAX),
    /** Sales. */
    challenge: option(CHALLENGE_OPTION_COUNT),
    timeline: option(TIMELINE_OPTION_COUNT),
    /** Instrument relocation: how many, current location, new location, move date. */
    instruments: z.enum(INSTRUMENT_COUNT_OPTIONS).nullish(),
    location: optionalText(CONTACT_LOCATION_MAX),
    relocation: optionalText(CONTACT_LOCATION_MAX),
    moveDate: z.string().date().nullish(),
    /** Technical support. */
    category: option(CATEGORY_OPTION_COUNT),
    model: optionalText(CONTACT_MODEL_MAX),
    comments: optionalText(CONTACT_COMMENTS_MAX),
  })
  .superRefine((v, ctx) => {
    const required = (field: keyof typeof v, missing: boolean) => {
      if (missing) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: 'required_field' });
    };
    if (v.contactMethod === CONTACT_METHOD.Email) required('emailAddress', isBlank(v.emailAddress));
    // "See comments": the comments say how to get in touch. rule chosen: not in spec
    if (v.contactMethod === CONTACT_METHOD.SeeComments) required('comments', isBlank(v.comments));
    if (v.contactMethod === CONTACT_METHOD.Phone) {
      required('telephone', isBlank(v.telephone));
      required('callTime', v.callTime == null);
    }
    if (v.type === CONTACT_TYPE.Sales) {
      required('challenge', v.challenge == null);
      required('timeline', v.timeline == null);
    }
    if (v.type === CONTACT_TYPE.InstrumentRelocation) {
      required('instruments', v.instruments == null);
      required('location', isBlank(v.location));
      required('relocation', isBlank(v.relocation));
    }
    if (v.type === CONTACT_TYPE.TechnicalSupport) required('category', v.category == null);
  });
export type ContactUsRequest = z.infer<typeof ContactUsRequest>;
export type ContactUsRequestInput = z.input<typeof ContactUsRequest>;

/**
 * POST Users/ContactUs/Request: the request-more-info form of a user whose account is not recognised
 * (spec 2 section 5 "Request more info"; the chosen country id is sent with its display name).
 */
export const NoAccountContactRequest = z.object({
  firstName: requiredText(CONTACT_NAME_MAX),
  lastName: requiredText(CONTACT_NAME_MAX),
  emailAddress: z
    .string()
    .trim()
    .min(1, 'required_field')
    .max(CONTACT_EMAIL_MAX)
    .refine(isEmailOrEmpty, 'lblEmailsWarning'),
  telephone: phoneSchema(CONTACT_PHONE_MAX, true),
  companyName: optionalText(CONTACT_COMPANY_MAX),
  countryId: z.number().int().positive().max(INT32_MAX).nullable().optional(),
  country: optionalText(COUNTRY_NAME_MAX),
  contactMethod: z.number().int().min(CONTACT_METHOD.Phone).max(CONTACT_METHOD.SeeComments).nullable().optional(),
  comments: optionalText(NO_ACCOUNT_COMMENTS_MAX),
});
export type NoAccountContactRequest = z.infer<typeof NoAccountContactRequest>;

export const feedbackContract = c.router(
  {
    sendFeedback: {
      method: 'POST',
      path: '/api/Users/feedback',
      query: withCommonQuery({}),
      body: FeedbackRequest,
      responses: { 200: envelope(z.null()), ...standardErrors },
      summary: 'Send feedback with attachments already uploaded to file storage',
      metadata: signedIn('customer'),
    },
    contactUs: {
      method: 'POST',
      path: '/api/Users/:type/contactUs',
      pathParams: z.object({
        type: z.coerce.number().int().min(CONTACT_TYPE.Sales).max(CONTACT_TYPE.TechnicalSupport),
      }),
      query: withCommonQuery({}),
      body: ContactUsRequest,
      responses: { 200: envelope(z.null()), ...standardErrors },
      summary:
        'Send a contact-us request (1 sales, 2 instrument relocation, 3 technical support); path and body type agree',
      metadata: signedIn('customer', { page: { profileCompletion: true } }),
    },
    requestMoreInfo: {
      method: 'POST',
      path: '/api/Users/ContactUs/Request',
      query: withCommonQuery({}),
      body: NoAccountContactRequest,
      responses: { 200: envelope(z.null()), ...standardErrors },
      summary: 'Request more information from the provider when the signed-in account is not recognised',
      metadata: anyone(),
    },
  },
  { strictStatusCodes: true },
);
