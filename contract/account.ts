import { z } from 'zod';
import { c, envelope, ErrorBody, standardErrors, withCommonQuery } from './common';
import { LoggedInUser } from './users';

export const LoginRequest = z.object({
  emailAddress: z.string().trim().min(1).max(241).email(),
  password: z.string().min(1).max(128),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const accountContract = c.router(
  {
    login: {
      method: 'POST',
      path: '/api/Account/login',
      query: withCommonQuery({}),
      body: LoginRequest,
      responses: { 200: envelope(LoggedInUser), 429: ErrorBody, ...standardErrors },
      summary: 'Sign in with e-mail and password; sets the session cookie',
    },
    logout: {
      method: 'POST',
      path: '/api/Account/logout',
      query: withCommonQuery({}),
      body: z.object({}).strict().optional(),
      responses: { 200: envelope(z.null()), ...standardErrors },
      summary: 'Sign out: ends the session on the server and clears the cookie',
    },
  },
  { strictStatusCodes: true },
);
