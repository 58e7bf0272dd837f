import type { CrossTabMessage } from '../../../machines/globalErrors.machine';

const CHANNEL = 'portal-session';
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

/** Tell the other tabs of this browser that the session changed (they are not told of their own messages). */
export function announce(message: CrossTabMessage): void {
  channel?.postMessage(message);
}

export function onCrossTab(listener: (message: CrossTabMessage) => void): () => void {
  if (!channel) return () => {};
  const handler = (e: MessageEvent<CrossTabMessage>) => listener(e.data);
  channel.addEventListener('message', handler);
  return () => channel.removeEventListener('message', handler);
}
