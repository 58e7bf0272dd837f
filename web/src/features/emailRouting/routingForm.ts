import {
  COUNTRY_EMAIL_FIELDS,
  ROUTING_EMAILS_MAX,
  type StoredCountryEmailRouting,
} from '../../../../contract/countryEmailRouting';
import { EMAIL_PATTERN, splitEmailList } from '../../../../contract/validation';

/** The country select's first option: All countries (sent as no country). */
export const ALL_COUNTRIES = -1;

export type CountryField = (typeof COUNTRY_EMAIL_FIELDS)[number];
export const COUNTRY_FIELDS = COUNTRY_EMAIL_FIELDS;
export type CountryValues = Record<CountryField, string>;

export const EMAILS_WARNING = 'emailRouting:lblEmailsWarning';
export const ALL_COUNTRY_WARNING = 'emailRouting:all_country_emails_warning';

/** What is sent: trimmed, without trailing semicolons (spec 3 section 5). */
export const cleanEmails = (value: string) => value.trim().replace(/[\s;]+$/, '');

/** Every address of the list is valid; an empty list is too. */
export const emailsValid = (value: string) =>
  value.length <= ROUTING_EMAILS_MAX && splitEmailList(value).every((e) => EMAIL_PATTERN.test(e));

export const valuesOf = (routing: StoredCountryEmailRouting | undefined): CountryValues =>
  Object.fromEntries(COUNTRY_FIELDS.map((f) => [f, routing?.[f] ?? ''])) as CountryValues;

/** The warning of each field: invalid addresses, or empty while the country is All. */
export function countryProblems(values: CountryValues, isAll: boolean): Partial<Record<CountryField, string>> {
  const problems: Partial<Record<CountryField, string>> = {};
  for (const field of COUNTRY_FIELDS) {
    if (!emailsValid(values[field])) problems[field] = EMAILS_WARNING;
    else if (isAll && cleanEmails(values[field]) === '') problems[field] = ALL_COUNTRY_WARNING;
  }
  return problems;
}

/** The PUT Country/emails body of the form's values. */
export const countryBody = (countryId: number, id: number | null, values: CountryValues) => ({
  id,
  countryId: countryId === ALL_COUNTRIES ? null : countryId,
  ...(Object.fromEntries(COUNTRY_FIELDS.map((f) => [f, cleanEmails(values[f])])) as CountryValues),
});

/** The label key of each field (spec 3 "E-mail routing": the five kinds of mail). */
export const FIELD_LABEL: Record<CountryField, string> = {
  adminEmails: 'emailRouting:field_service_request',
  contractChangeEmails: 'emailRouting:field_contract_change',
  contactUsSalesEmailAddress: 'emailRouting:field_contact_sales',
  contactUsInstrumentRelocationEmailAddress: 'emailRouting:field_contact_relocation',
  contactUsTechnicalSupportEmailAddress: 'emailRouting:field_contact_technical',
};
