import { createContext, useContext } from 'react';
import type { HubErrorMessage, HubInvocation, HubJobAnswer } from '../../../contract/hub';

/** Where the answers of one invocation go. */
export interface HubListener {
  /** A progress or the completion of the job, or the hub's refusal of the request. */
  answer(message: HubJobAnswer | HubErrorMessage): void;
  /** The connection dropped before the job completed: its answers will not come. */
  lost(): void;
}

/** The page's one connection to the real-time hub, as the screens use it. */
export interface HubClient {
  /** Sends a job over the hub (once connected); returns the function that stops listening for its answers. */
  invoke(invocation: HubInvocation, listener: HubListener): () => void;
}

export const HubContext = createContext<HubClient | null>(null);

/** The hub of the signed-in portal (the shell provides it). */
export function useHubClient(): HubClient {
  const hub = useContext(HubContext);
  if (!hub) throw new Error('useHubClient is used outside the portal shell');
  return hub;
}
