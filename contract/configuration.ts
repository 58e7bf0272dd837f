import { z } from 'zod';
import { anyone, signedIn } from './access';
import { c, envelope, standardErrors, withCommonQuery } from './common';
import { AUTOCOMPLETE_COUNT, PRIORITY, INT32_MAX } from './limits';

/**
 * App configuration (spec 1 section 3 "App configuration (OptionSettings / SystemConfig)"). The spec lists what it
 * carries but not its shape: every shape in this file is ours. shape chosen: not in spec
 */

/** Service-request priorities (spec 1 section 9). */
export type PriorityId = (typeof PRIORITY)[keyof typeof PRIORITY];

/** The languages of the portal (spec 1 section 1); en-us is the fallback. */
export const LANGUAGE_CODES = ['en-us', 'zh-cn', 'zh-tw', 'de', 'fr', 'it', 'ja', 'pt', 'es'] as const;
export const LanguageCode = z.enum(LANGUAGE_CODES);

/** Each portal language in its own name ("Deutsch", "日本語"); its id is its 1-based place in LANGUAGE_CODES. */
export const LANGUAGE_NATIVE_NAMES: Record<(typeof LANGUAGE_CODES)[number], string> = {
  'en-us': 'English',
  'zh-cn': '简体中文',
  'zh-tw': '繁體中文',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  ja: '日本語',
  pt: 'Português',
  es: 'Español',
};

export const Language = z.object({
  languageId: z.number().int().positive().max(INT32_MAX),
  languageCode: LanguageCode,
  /** The language's own name ("Deutsch", "日本語"). */
  name: z.string().max(60),
});
export type Language = z.infer<typeof Language>;

export const Country = z.object({
  countryId: z.number().int().positive().max(INT32_MAX),
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string().length(2),
  /** In the language asked for. */
  name: z.string().max(100),
});
export type Country = z.infer<typeof Country>;

/** A system-wide notice shown once in the notification modal, until dismissed with don't-show-again (spec 1 section 2). */
export const NotificationMessage = z.object({
  /** Changes when the text changes, so a new notice shows again after an old one was dismissed. */
  messageId: z.number().int().positive().max(INT32_MAX),
  message: z.string().max(2000),
});
export type NotificationMessage = z.infer<typeof NotificationMessage>;

export const SystemConfig = z.object({
  languages: z.array(Language),
  countries: z.array(Country),
  /** null: no notice at the moment. */
  notificationMessage: NotificationMessage.nullable(),
});
export type SystemConfig = z.infer<typeof SystemConfig>;

export const Priority = z.object({
  id: z.union([
    z.literal(PRIORITY.Urgent),
    z.literal(PRIORITY.High),
    z.literal(PRIORITY.Medium),
    z.literal(PRIORITY.Low),
    z.literal(PRIORITY.VeryLow),
  ]),
  /** Message key of the label. */
  name: z.string().max(60),
});

/** A service-order type: a service work (ids 7, 10, 13, 12, 11, 14) or a scheduled event (1, 2, 9, 4, 5, 8, 3, 6, 15). */
export const ServiceType = z.object({
  id: z.number().int().positive().max(INT32_MAX),
  group: z.enum(['ServiceWork', 'ScheduledEvent']),
  /** Message key of the label. */
  name: z.string().max(60),
});
export type ServiceType = z.infer<typeof ServiceType>;

export const OptionSettings = z.object({
  serviceTypes: z.array(ServiceType),
  priorities: z.array(Priority),
  /** The default grid page size: a configuration value (spec 3 section 9). */
  defaultPageSize: z.number().int().positive().max(INT32_MAX),
  /** Contract codes that mean warranty and service contracts (spec 1 section 9: ZCEW, ZW01; ZCEG, ZCIC, ...). */
  contractCodes: z.object({ warranty: z.array(z.string().max(10)), service: z.array(z.string().max(10)) }),
});
export type OptionSettings = z.infer<typeof OptionSettings>;

/** Autocomplete of makes (vendors) and models; result shape chosen: not in spec. */
const AutocompleteQuery = {
  keyword: z.string().trim().max(100).default(''),
  count: z.coerce.number().int().min(1).max(AUTOCOMPLETE_COUNT).default(AUTOCOMPLETE_COUNT),
};
export const AutocompleteResult = z.array(z.string().max(100));

export const configurationContract = c.router(
  {
    systemConfig: {
      method: 'GET',
      path: '/api/Configuration/SystemConfig',
      query: withCommonQuery({
        /** Country names in this language; the user's language when absent. */
        languageId: z.coerce.number().int().positive().max(INT32_MAX).optional(),
      }),
      responses: { 200: envelope(SystemConfig), ...standardErrors },
      summary: 'Languages, countries and the current system notice',
      metadata: anyone('none', { profileCompletion: true }),
    },
    optionSettings: {
      method: 'GET',
      path: '/api/Configuration/OptionSettings',
      query: withCommonQuery({}),
      responses: { 200: envelope(OptionSettings), ...standardErrors },
      summary: 'App configuration: service types, priorities, default page size and contract codes',
      metadata: signedIn('none', { page: { profileCompletion: true } }),
    },
    vendors: {
      method: 'GET',
      path: '/api/Configuration/Vendor',
      query: withCommonQuery(AutocompleteQuery),
      responses: { 200: envelope(AutocompleteResult), ...standardErrors },
      summary: 'Makes (vendors) of the product catalogue whose name contains the keyword',
      metadata: signedIn('customer'),
    },
    models: {
      method: 'GET',
      path: '/api/Configuration/Model',
      query: withCommonQuery({
        ...AutocompleteQuery,
        /** Only models of this make. chosen: not in spec */
        vendor: z.string().trim().max(100).optional(),
      }),
      responses: { 200: envelope(AutocompleteResult), ...standardErrors },
      summary: 'Models of the product catalogue whose name contains the keyword',
      metadata: signedIn('customer'),
    },
  },
  { strictStatusCodes: true },
);
