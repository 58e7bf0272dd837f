import { USAGE_FLUSH_MS } from '../../../contract/limits';
import { USAGE_BATCH_MAX, type UsageEvent } from '../../../contract/usage';
import { client } from './api';

const queue: UsageEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

function flush() {
  timer = null;
  const events = queue.splice(0, USAGE_BATCH_MAX);
  if (queue.length > 0) timer = setTimeout(flush, USAGE_FLUSH_MS);
  if (events.length > 0) void client.usage.record({ body: { events }, ignoreCancel: true }).catch(() => undefined);
}

/** Queue a page view; queued views go to the server together, a moment later. */
export function trackPageView(path: string): void {
  queue.push({ type: 'pageView', path: path.slice(0, 300), time: new Date().toISOString() });
  timer ??= setTimeout(flush, USAGE_FLUSH_MS);
}
