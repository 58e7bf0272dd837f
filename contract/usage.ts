import { z } from 'zod';
import { signedIn } from './access';
import { c, envelope, standardErrors, withCommonQuery } from './common';

export const USAGE_BATCH_MAX = 50;

export const UsageEvent = z.object({
  type: z.literal('pageView'),
  path: z.string().min(1).max(300),
  time: z.string().datetime({ offset: true }),
});
export type UsageEvent = z.infer<typeof UsageEvent>;

export const usageContract = c.router(
  {
    record: {
      method: 'POST',
      path: '/api/usage/events', // path chosen: not in spec
      query: withCommonQuery({}),
      body: z.object({ events: z.array(UsageEvent).min(1).max(USAGE_BATCH_MAX) }),
      responses: { 200: envelope(z.object({ recorded: z.number().int() })), ...standardErrors },
      summary: 'Record a batch of usage events (page views) of the signed-in user',
      metadata: signedIn('ownAccount', { page: { profileCompletion: true } }),
    },
  },
  { strictStatusCodes: true },
);
