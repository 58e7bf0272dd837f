import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, resultOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

/** A user's own calendar feed address. */
export const calendarFeedKeys = queryKeys('calendarFeed', { own: (userId: number) => [userId] });

/** GET Users/calendarFeed: the own feed address, or none. */
export const useCalendarFeed = (userId: number) =>
  useQuery({
    queryKey: calendarFeedKeys.own(userId),
    queryFn: () => resultOf(client.calendarFeed.get({ query: {} })),
  });

/** POST Users/calendarFeed: make the address, or with `regenerate` a new one that ends the old. */
export function useMakeCalendarFeed(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (regenerate: boolean) => resultOf(client.calendarFeed.create({ body: { regenerate } })),
    onSuccess: (answer) => queryClient.setQueryData(calendarFeedKeys.own(userId), answer),
  });
}
