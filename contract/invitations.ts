import { z } from 'zod';
import { providerStaff } from './access';
import { AccessCode } from './permissions';
import { c, envelope, standardErrors, withCommonQuery } from './common';
import { LanguageCode } from './configuration';
import { EMAIL_MAX, INT32_MAX, PAGE_INDEX_MAX } from './limits';
import { MAX_PAGE_SIZE, paged } from './listQuery';
import { EMAIL_PATTERN, splitEmailList } from './validation';

/** Customer onboarding: invitation e-mails and their sent history (spec 3 sections 2, 3, 4, 5 and 7). */

/** Invitation field lengths (spec 3 section 5): order number and subject 100. */
export const ORDER_NUMBER_MAX = 100;
export const SUBJECT_MAX = 100;
/** Chosen: not in spec. */
export const CUSTOMER_NO_MAX = 30;
export const INVITATION_DESCRIPTION_MAX = 20_000;
export const INVITATION_ADDRESS_LIST_MAX = 5_000;
export const INVITATION_RECIPIENTS_MAX = 100;
/** Sent-history page size; view-more loads another page of the same size. chosen: not in spec */
export const INVITATION_PAGE_SIZE = 20;

/** Invitation type (spec 3 section 3). */
export const InvitationType = { Order: 0, PortalInvite: 1 } as const;
export const InvitationTypeSchema = z.union([z.literal(InvitationType.Order), z.literal(InvitationType.PortalInvite)]);

const allValid = (value: string) => splitEmailList(value).every((e) => e.length <= EMAIL_MAX && EMAIL_PATTERN.test(e));

/**
 * An address list of the invitation form, separated by semicolons; every address must be valid
 * (valid_Email_message). Cc and bcc may be empty.
 */
export const InvitationAddressList = z
  .string()
  .trim()
  .max(INVITATION_ADDRESS_LIST_MAX)
  .refine(allValid, 'valid_Email_message')
  .refine((v) => splitEmailList(v).length <= INVITATION_RECIPIENTS_MAX, 'valid_Email_message');

/**
 * The to-addresses: required (required_field); after the already-registered ones were excluded at least one must
 * remain (enter_one_user, spec 3 section 8).
 */
export const InvitationToList = z
  .string()
  .trim()
  .min(1, 'required_field')
  .pipe(InvitationAddressList)
  .refine((v) => v === '' || splitEmailList(v).length > 0, 'enter_one_user');

/** POST Users/invitation (spec 3 section 5 "Invitation"). Bcc is prefilled with the sender's own e-mail. */
export const InvitationRequest = z.object({
  emailTo: InvitationToList,
  emailCc: InvitationAddressList.default(''),
  emailBcc: InvitationAddressList.default(''),
  customerNo: z.string().trim().min(1, 'required_field').max(CUSTOMER_NO_MAX),
  /** A location of that customer (picked with GET Location?keyword). */
  locationId: z.number().int().positive().max(INT32_MAX).nullable(),
  orderNumber: z.string().trim().max(ORDER_NUMBER_MAX).default(''),
  language: LanguageCode,
  type: InvitationTypeSchema,
  subject: z.string().trim().max(SUBJECT_MAX),
  /** Rich text (HTML); the server sanitises it. */
  description: z.string().max(INVITATION_DESCRIPTION_MAX),
});
export type InvitationRequest = z.infer<typeof InvitationRequest>;

/** An addressee with whether the address already belongs to a portal user. */
export const InvitationAddress = z.object({
  emailAddress: z.string().max(EMAIL_MAX),
  isRegistered: z.boolean(),
});
export type InvitationAddress = z.infer<typeof InvitationAddress>;

/** A sent invitation (spec 3 section 3). */
export const Invitation = z.object({
  id: z.number().int().positive().max(INT32_MAX),
  emailTo: z.array(InvitationAddress),
  emailCc: z.string().max(INVITATION_ADDRESS_LIST_MAX),
  emailBcc: z.string().max(INVITATION_ADDRESS_LIST_MAX),
  orderNumber: z.string().max(ORDER_NUMBER_MAX),
  language: LanguageCode,
  type: InvitationTypeSchema,
  subject: z.string().max(SUBJECT_MAX),
  description: z.string().max(INVITATION_DESCRIPTION_MAX),
  createdTime: z.string().datetime({ offset: true }),
  customerNo: z.string().max(CUSTOMER_NO_MAX),
  locationId: z.number().int().positive().max(INT32_MAX).nullable(),
});
export type Invitation = z.infer<typeof Invitation>;

/** POST Users/registeredUser: the to-addresses to check. */
export const RegisteredUserQuery = z
  .array(z.string().trim().max(EMAIL_MAX).regex(EMAIL_PATTERN, 'valid_Email_message'))
  .min(1, 'enter_one_user')
  .max(INVITATION_RECIPIENTS_MAX);

export const InvitationTemplate = z.object({
  subject: z.string().max(SUBJECT_MAX),
  /** Rich text (HTML). */
  description: z.string().max(INVITATION_DESCRIPTION_MAX),
});
export type InvitationTemplate = z.infer<typeof InvitationTemplate>;

export const invitationsContract = c.router(
  {
    history: {
      method: 'GET',
      path: '/api/Users/invitation',
      query: withCommonQuery({
        /** Only invitations sent to this address (a contains match); absent: all. */
        emailAddress: z.string().trim().max(EMAIL_MAX).optional(),
        pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(INVITATION_PAGE_SIZE),
        pageIndex: z.coerce.number().int().min(0).max(PAGE_INDEX_MAX).default(0),
      }),
      responses: { 200: envelope(paged(Invitation)), ...standardErrors },
      summary: 'Sent history of invitations, newest first',
      metadata: providerStaff('anyCustomer', { accessCode: AccessCode.Admin }),
    },
    registeredUsers: {
      method: 'POST',
      path: '/api/Users/registeredUser',
      query: withCommonQuery({}),
      body: RegisteredUserQuery,
      responses: { 200: envelope(z.array(InvitationAddress)), ...standardErrors },
      summary: 'Which of the given addresses already belong to portal users',
      metadata: providerStaff('anyCustomer', { accessCode: AccessCode.Admin }),
    },
    send: {
      method: 'POST',
      path: '/api/Users/invitation',
      query: withCommonQuery({}),
      body: InvitationRequest,
      responses: { 200: envelope(Invitation), ...standardErrors },
      summary: 'Send an invitation e-mail and add it to the sent history',
      metadata: providerStaff('anyCustomer', { accessCode: AccessCode.Admin }),
    },
    resend: {
      method: 'PUT',
      path: '/api/Users/invitation',
      query: withCommonQuery({}),
      body: z.object({ id: z.number().int().positive().max(INT32_MAX) }),
      responses: { 200: envelope(Invitation), ...standardErrors },
      summary: 'Send an invitation of the history again',
      metadata: providerStaff('anyCustomer', { accessCode: AccessCode.Admin }),
    },
    template: {
      method: 'GET',
      path: '/api/Users/invitation/template',
      query: withCommonQuery({ languageId: z.coerce.number().int().positive().max(INT32_MAX) }),
      responses: { 200: envelope(InvitationTemplate), ...standardErrors },
      summary: 'The subject and text of the invitation e-mail in a language',
      metadata: providerStaff('none', { accessCode: AccessCode.Admin }),
    },
  },
  { strictStatusCodes: true },
);
