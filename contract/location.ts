import { z } from 'zod';
import { signedIn } from './access';
import { c, envelope, standardErrors, withCommonQuery } from './common';
import { AUTOCOMPLETE_COUNT, INT32_MAX } from './limits';
import { CustomerLocation } from './users';

/**
 * Locations (sites) of customers. Spec 1 section 7 names the calls; the result shapes are not shown, so they are
 * ours, with the field lengths of the company fields of spec 3 section 5. shape chosen: not in spec
 */

/** Company field lengths (spec 3 section 5 "Profile edit"). */
export const COMPANY_NAME_MAX = 60;
export const ADDRESS_MAX = 200;
export const CITY_MAX = 100;
export const STATE_MAX = 30;
export const ZIP_MAX = 30;

/** One location of the signed-in user's customer, as the location picker lists it. */
export const LocationSummary = CustomerLocation.extend({
  companyName: z.string().max(COMPANY_NAME_MAX),
  countryId: z.number().int().positive().max(INT32_MAX),
});
export type LocationSummary = z.infer<typeof LocationSummary>;

/** A location in full: copied onto the profile (spec 1 section 7) and shown as company info (spec 3 "Account"). */
export const LocationDetail = z.object({
  locationId: z.number().int().positive().max(INT32_MAX),
  customerId: z.number().int().positive().max(INT32_MAX),
  encryptedCustomerId: z.string(),
  companyName: z.string().max(COMPANY_NAME_MAX),
  address: z.string().max(ADDRESS_MAX).nullable(),
  city: z.string().max(CITY_MAX),
  state: z.string().max(STATE_MAX).nullable(),
  zip: z.string().max(ZIP_MAX).nullable(),
  countryId: z.number().int().positive().max(INT32_MAX),
  countryCode: z.string().length(2),
});
export type LocationDetail = z.infer<typeof LocationDetail>;

/** A search hit across customers (customer onboarding picks the customer number and location of an invitation). */
export const LocationSearchItem = z.object({
  locationId: z.number().int().positive().max(INT32_MAX),
  customerId: z.number().int().positive().max(INT32_MAX),
  /** The customer number (customerIdentifier). */
  customerNo: z.string().max(30),
  companyName: z.string().max(COMPANY_NAME_MAX),
  city: z.string().max(CITY_MAX),
  countryCode: z.string().length(2),
});
export type LocationSearchItem = z.infer<typeof LocationSearchItem>;

export const locationContract = c.router(
  {
    summary: {
      method: 'GET',
      path: '/api/Location/summary',
      query: withCommonQuery({}),
      responses: { 200: envelope(z.array(LocationSummary)), ...standardErrors },
      summary: "The locations of the signed-in user's customer (profile completion, city choice of a profile)",
      metadata: signedIn('customer', { page: { profileCompletion: true } }),
    },
    get: {
      method: 'GET',
      path: '/api/Location/:locationId',
      pathParams: z.object({ locationId: z.coerce.number().int().positive().max(INT32_MAX) }),
      query: withCommonQuery({}),
      responses: { 200: envelope(LocationDetail), ...standardErrors },
      summary: 'One location of the current customer with its company and address fields',
      metadata: signedIn('customer', { page: { profileCompletion: true } }),
    },
    search: {
      method: 'GET',
      path: '/api/Location',
      query: withCommonQuery({
        keyword: z.string().trim().max(100).default(''),
        count: z.coerce.number().int().min(1).max(AUTOCOMPLETE_COUNT).default(AUTOCOMPLETE_COUNT),
      }),
      responses: { 200: envelope(z.array(LocationSearchItem)), ...standardErrors },
      summary:
        'Provider staff: locations of every customer whose customer number, company or city contains the keyword',
      metadata: signedIn('customerOrAnyForStaff'),
    },
  },
  { strictStatusCodes: true },
);
