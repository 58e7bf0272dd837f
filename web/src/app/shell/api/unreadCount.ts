import { useQuery } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS } from '../../../../../contract/limits';
import { client, resultOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export const unreadCountKeys = queryKeys('unreadCount', {});

/**
 * The bell's count asked of the server, every NOTIFICATION_POLL_MS (spec 1 section 9), only while the hub has lost
 * its connection: once connected, the hub says the count on every change.
 */
export const useUnreadCountWhileHubIsDown = (hubIsDown: boolean) =>
  useQuery({
    queryKey: unreadCountKeys.all,
    queryFn: () => resultOf(client.messages.unreadCount({ query: {}, silent: true })),
    enabled: hubIsDown,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
