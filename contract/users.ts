import { z } from 'zod';
import { signedIn } from './access';
import { CustomerFieldLabels } from './customers';
import { INT32_MAX } from './limits';
import { c, envelope, standardErrors, withCommonQuery } from './common';
import { phoneSchema, requiredText } from './validation';

export const CustomerLocation = z.object({
  locationId: z.number().int(),
  city: z.string().max(100),
  siteAddress: z.string().max(200).nullable(),
  countryCode: z.string().max(2),
});
export type CustomerLocation = z.infer<typeof CustomerLocation>;

export const Privilege = z.object({ accessCode: z.string().max(60) });

export const UserLocation = z.object({
  customerId: z.number().int(),
  encryptedCustomerId: z.string(),
  countryCode: z.string().max(2),
  customer: z.object({
    id: z.number().int(),
    name: z.string().max(100),
    customerLocations: z.array(CustomerLocation),
    customerPermission: z.object({ isProductAddingEnabled: z.boolean() }),
    /** The customer's e-mail domain is the provider's own (PROVIDER_EMAIL_DOMAIN): it may only invite admins. */
    isProviderDomain: z.boolean(),
    /** JSON with fileName and resourceKey of the customer's logo (spec 1 section 3); null without a logo. */
    customerLogoFileIdentifier: z.string().max(1000).nullable(),
    ...CustomerFieldLabels.shape,
  }),
});

/** The signed-in user (spec 1 section 3). */
export const LoggedInUser = z.object({
  userId: z.number().int(),
  firstName: z.string().max(30),
  lastName: z.string().max(30),
  displayName: z.string().max(61),
  emailAddress: z.string().email().max(241),
  languageId: z.number().int().nullable(),
  languageCode: z.string().max(10).nullable(),
  locationId: z.number().int().nullable(),
  userLocation: UserLocation,
  privilege: z.array(Privilege),
  isPEUser: z.boolean(),
  role: z.number().int().min(1).max(3),
  avatarUrl: z.string().nullable(),
  avatarThumbnailUrl: z.string().nullable(),
  officePhone: z.string().max(20).nullable(),
  statusCode: z.number().int(),
  isActive: z.boolean(),
});
export type LoggedInUser = z.infer<typeof LoggedInUser>;

/** First-login profile completion (spec 1 section 2): the location, then the personal details. */
export const ProfileCompletion = z.object({
  locationId: z.number().int().positive().max(INT32_MAX),
  firstName: requiredText(30),
  lastName: requiredText(30),
  officePhone: phoneSchema(20).nullable(),
});
export type ProfileCompletion = z.infer<typeof ProfileCompletion>;

export const usersContract = c.router(
  {
    me: {
      method: 'GET',
      path: '/api/users/me',
      query: withCommonQuery({}),
      responses: { 200: envelope(LoggedInUser), ...standardErrors },
      summary: 'The signed-in user; 401 when signed out',
      metadata: signedIn('ownAccount', { page: { profileCompletion: true } }),
    },
    completeProfile: {
      method: 'POST',
      path: '/api/Users/profile',
      query: withCommonQuery({}),
      body: ProfileCompletion,
      responses: { 200: envelope(LoggedInUser), ...standardErrors },
      summary: "Complete the signed-in user's profile: a location of the customer, name and phone",
      metadata: signedIn('ownAccount', { page: { profileCompletion: true } }),
    },
  },
  { strictStatusCodes: true },
);
