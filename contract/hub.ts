import { z } from 'zod';
import { DomainEventCursorMessage, DomainEventMessage } from './domainEvents';
import { ImportProductCompleted, ImportProductProgress, ImportProductRequest } from './importProduct';
import {
  ImportProductMarketCompleted,
  ImportProductMarketProgress,
  ImportProductMarketRequest,
} from './importProductMarket';

/**
 * Every message of the real-time hub /signalr, both ways. chosen: not in spec. Hub messages are not REST routes, so
 * these schemas are their contract: the server parses what it receives with HubClientMessage and types what it sends
 * as HubServerMessage; the browser does the reverse. A job (an import) is invoked with an id of the caller's choice,
 * which each of its answers carries, so one socket carries any number of them.
 */

/** Names an invocation in its answers; chosen by the browser, unique among its open invocations. */
export const InvocationId = z.string().min(1).max(64);
export type InvocationId = z.infer<typeof InvocationId>;
const invocation = { invocationId: InvocationId.optional() };

/** The hello a page sends once its socket is open; `since` is the last event id it has folded in, if any. */
export const HubHello = z.object({
  type: z.literal('hello'),
  since: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type HubHello = z.infer<typeof HubHello>;

/** The jobs a page invokes: their requests, each answered by progress messages and one completion. */
export const HubInvocation = z.discriminatedUnion('type', [
  ImportProductRequest.extend(invocation),
  ImportProductMarketRequest.extend(invocation),
]);
export type HubInvocation = z.infer<typeof HubInvocation>;
export type HubJobKind = HubInvocation['type'];
export const HUB_JOB_KINDS = HubInvocation.options.map((o) => o.shape.type.value);

/** Browser to hub. */
export const HubClientMessage = z.discriminatedUnion('type', [HubHello, ...HubInvocation.options]);
export type HubClientMessage = z.infer<typeof HubClientMessage>;

/** The user's unread notifications: on each hello, and whenever the user's messages change (their own reads too). */
export const UnreadCountMessage = z.object({ type: z.literal('unreadCount'), count: z.number().int().nonnegative() });
export type UnreadCountMessage = z.infer<typeof UnreadCountMessage>;

/** A job's answers: progress while it runs, then its completion (the last answer). */
export const HubJobAnswer = z.discriminatedUnion('type', [
  ImportProductProgress.extend(invocation),
  ImportProductCompleted.extend(invocation),
  ImportProductMarketProgress.extend(invocation),
  ImportProductMarketCompleted.extend(invocation),
]);
export type HubJobAnswer = z.infer<typeof HubJobAnswer>;
export type HubJobCompletion = Extract<
  HubJobAnswer,
  { type: 'ImportProductCompleted' | 'importProductMarketCompleted' }
>;

/** The completion that ends a job, for each kind. */
export const HUB_JOB_COMPLETION = {
  importProduct: 'ImportProductCompleted',
  importProductMarket: 'importProductMarketCompleted',
} as const satisfies Record<HubJobKind, HubJobCompletion['type']>;

export const isJobCompletion = (answer: HubJobAnswer): answer is HubJobCompletion =>
  answer.type === 'ImportProductCompleted' || answer.type === 'importProductMarketCompleted';

/** A message the hub could not read (not JSON, or of no known type): the connection stays open. */
export const HubErrorMessage = z.object({
  type: z.literal('error'),
  errorCode: z.number().int(),
  invocationId: InvocationId.optional(),
});
export type HubErrorMessage = z.infer<typeof HubErrorMessage>;

/** Hub to browser. */
export const HubServerMessage = z.discriminatedUnion('type', [
  UnreadCountMessage,
  DomainEventMessage,
  DomainEventCursorMessage,
  ...HubJobAnswer.options,
  HubErrorMessage,
]);
export type HubServerMessage = z.infer<typeof HubServerMessage>;
