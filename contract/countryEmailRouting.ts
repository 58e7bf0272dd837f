import { z } from 'zod';
import { providerStaff } from './access';
import { AccessCode } from './permissions';
import { INT32_MAX } from './limits';
import { c, envelope, standardErrors, withCommonQuery } from './common';
import { emailListSchema } from './validation';

/** Length of one e-mail field (a semicolon-separated list). chosen: not in spec */
export const ROUTING_EMAILS_MAX = 2000;

/**
 * One routing field: several addresses separated by semicolons, empty allowed, each valid (lblEmailsWarning).
 * Before sending, the value is trimmed and trailing semicolons are removed (spec 3 section 5).
 */
export const RoutingEmails = emailListSchema(ROUTING_EMAILS_MAX).transform((v) => v.replace(/[\s;]+$/, ''));

/** The five fields that must all be filled when the country is All. */
export const COUNTRY_EMAIL_FIELDS = [
  'adminEmails',
  'contractChangeEmails',
  'contactUsSalesEmailAddress',
  'contactUsInstrumentRelocationEmailAddress',
  'contactUsTechnicalSupportEmailAddress',
] as const;

const CountryEmailRoutingFields = z.object({
  /** null until the routing of this country has been saved once. */
  id: z.number().int().positive().max(INT32_MAX).nullable(),
  /** null: All countries (the fallback of every country without its own routing). */
  countryId: z.number().int().positive().max(INT32_MAX).nullable(),
  /** New service requests. */
  adminEmails: RoutingEmails,
  contractChangeEmails: RoutingEmails,
  contactUsSalesEmailAddress: RoutingEmails,
  contactUsInstrumentRelocationEmailAddress: RoutingEmails,
  contactUsTechnicalSupportEmailAddress: RoutingEmails,
});

/** The routing as stored and read (a never-saved All routing comes back with empty fields). */
export const StoredCountryEmailRouting = CountryEmailRoutingFields;
export type StoredCountryEmailRouting = z.infer<typeof StoredCountryEmailRouting>;

/** The routing of one country, or of All (PUT Country/emails): for All every field is required. */
export const CountryEmailRouting = CountryEmailRoutingFields.superRefine((v, ctx) => {
  if (v.countryId !== null) return;
  for (const field of COUNTRY_EMAIL_FIELDS) {
    if (v[field] === '') {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: 'all_country_emails_warning' });
    }
  }
});
export type CountryEmailRouting = z.infer<typeof CountryEmailRouting>;

/** A region of a country with the admin e-mails for its new service requests. */
export const Region = z.object({
  regionId: z.number().int().positive().max(INT32_MAX),
  name: z.string().max(100),
  adminEmails: RoutingEmails,
});
export type Region = z.infer<typeof Region>;

/** PUT Country/{countryId}/regionEmails: Save needs a chosen region (spec 3 section 4). */
export const RegionEmailsUpdate = z.object({
  regionId: z
    .number({ required_error: 'required_field', invalid_type_error: 'required_field' })
    .int()
    .positive()
    .max(INT32_MAX),
  adminEmails: RoutingEmails,
});
export type RegionEmailsUpdate = z.infer<typeof RegionEmailsUpdate>;

/** The region data of a country: `id` is the country id. */
export const CountryRegions = z.object({ id: z.number().int().positive().max(INT32_MAX), regions: z.array(Region) });
export type CountryRegions = z.infer<typeof CountryRegions>;

const CountryIdParams = z.object({ countryId: z.coerce.number().int().positive().max(INT32_MAX) });

export const countryEmailRoutingContract = c.router(
  {
    getCountryEmails: {
      method: 'GET',
      path: '/api/Country/emails',
      query: withCommonQuery({
        /** Absent: the All routing. */
        countryId: z.coerce.number().int().positive().max(INT32_MAX).optional(),
      }),
      responses: { 200: envelope(z.object({ countryEmailRouting: StoredCountryEmailRouting })), ...standardErrors },
      summary: 'The notification e-mail routing of a country, or of All when no country is given',
      metadata: providerStaff('none', { accessCode: AccessCode.EmailRouting }),
    },
    getRegionEmails: {
      method: 'GET',
      path: '/api/Country/:countryId/regionEmails', // path chosen: not in spec
      pathParams: CountryIdParams,
      query: withCommonQuery({}),
      responses: { 200: envelope(CountryRegions), ...standardErrors },
      summary: 'The regions of a country with the admin e-mails of each',
      metadata: providerStaff('none', { accessCode: AccessCode.EmailRouting }),
    },
    updateCountryEmails: {
      method: 'PUT',
      path: '/api/Country/emails',
      query: withCommonQuery({}),
      body: CountryEmailRouting,
      responses: { 200: envelope(StoredCountryEmailRouting), ...standardErrors },
      summary: 'Save the e-mail routing of a country or of All (all five fields required for All)',
      metadata: providerStaff('none', { accessCode: AccessCode.EmailRouting }),
    },
    updateRegionEmails: {
      method: 'PUT',
      path: '/api/Country/:countryId/regionEmails',
      pathParams: CountryIdParams,
      query: withCommonQuery({}),
      body: RegionEmailsUpdate,
      responses: { 200: envelope(Region), ...standardErrors },
      summary: 'Save the admin e-mails (new service requests) of one region of a country',
      metadata: providerStaff('none', { accessCode: AccessCode.EmailRouting }),
    },
  },
  { strictStatusCodes: true },
);
