import { z } from 'zod';
import { anyone } from './access';
import { c, envelope, ErrorBody, standardErrors, withCommonQuery } from './common';
import { FIRST_NAME_MAX, LAST_NAME_MAX } from './accountManagement';
import { EMAIL_MAX } from './limits';
import { LoggedInUser } from './users';
import { passwordSchema, requiredText } from './validation';

export const LoginRequest = z.object({
  emailAddress: z.string().trim().min(1).max(241).email(),
  password: z.string().min(1).max(128),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The page an invitation mail links to, with the link's secret in the fragment: `/signUp#token=…`. */
export const SIGN_UP_PATH = '/signUp';

/** The secret of an invitation link: 32 random bytes in base64url (the server keeps only its sha256). */
export const INVITATION_TOKEN_LENGTH = 43;
/** Length first, then the alphabet: the pattern never sees more than a token's worth of characters. */
export const InvitationToken = z
  .string()
  .length(INVITATION_TOKEN_LENGTH)
  .pipe(z.string().regex(/^[A-Za-z0-9_-]+$/));

/** Asks which address an invitation link is for, without using it. path chosen: not in spec */
export const InvitationCheckRequest = z.object({ token: InvitationToken });
export const InvitationCheck = z.object({ emailAddress: z.string().max(EMAIL_MAX) });
export type InvitationCheck = z.infer<typeof InvitationCheck>;

/** Uses an invitation link once: sets the new user's name and password, then signs them in. */
export const InvitationAcceptRequest = z.object({
  token: InvitationToken,
  firstName: requiredText(FIRST_NAME_MAX),
  lastName: requiredText(LAST_NAME_MAX),
  password: z.string().min(1, 'required_field').pipe(passwordSchema),
});
export type InvitationAcceptRequest = z.infer<typeof InvitationAcceptRequest>;

/** The sign-up form: the request's fields plus the password confirmation, which must match (password_not_match). */
export const SignUpForm = InvitationAcceptRequest.omit({ token: true })
  .extend({ confirmPassword: z.string().min(1, 'required_field') })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== v.password) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirmPassword'], message: 'password_not_match' });
    }
  });
export type SignUpForm = z.infer<typeof SignUpForm>;

export const accountContract = c.router(
  {
    login: {
      method: 'POST',
      path: '/api/Account/login',
      query: withCommonQuery({}),
      body: LoginRequest,
      responses: { 200: envelope(LoggedInUser), 429: ErrorBody, ...standardErrors },
      summary: 'Sign in with e-mail and password; sets the session cookie',
      metadata: anyone('none', { signInOrOut: true }),
    },
    logout: {
      method: 'POST',
      path: '/api/Account/logout',
      query: withCommonQuery({}),
      body: z.object({}).strict().optional(),
      responses: { 200: envelope(z.null()), ...standardErrors },
      summary: 'Sign out: ends the session on the server and clears the cookie',
      metadata: anyone('none', { signInOrOut: true }),
    },
    checkInvitation: {
      method: 'POST',
      path: '/api/Account/invitation/check', // path chosen: not in spec
      query: withCommonQuery({}),
      body: InvitationCheckRequest,
      responses: { 200: envelope(InvitationCheck), 429: ErrorBody, ...standardErrors },
      summary: 'The address an invitation link is for, without using it; errorCode 16302 when unknown, expired or used',
      metadata: anyone('none', { signInOrOut: true }),
    },
    acceptInvitation: {
      method: 'POST',
      path: '/api/Account/invitation/accept', // path chosen: not in spec
      query: withCommonQuery({}),
      body: InvitationAcceptRequest,
      responses: { 200: envelope(LoggedInUser), 429: ErrorBody, ...standardErrors },
      summary:
        "Use an invitation link once: set the new user's name and password and sign in (sets the session cookie); " +
        'errorCode 16302 when unknown, expired or used',
      metadata: anyone('none', { signInOrOut: true }),
    },
  },
  { strictStatusCodes: true },
);
