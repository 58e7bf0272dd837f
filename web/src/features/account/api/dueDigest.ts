import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, resultOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export const dueDigestKeys = queryKeys('dueDigest', {});

/** Whether the signed-in user receives the weekly digest of due work. */
export const useDueDigestSetting = () =>
  useQuery({
    queryKey: dueDigestKeys.all,
    queryFn: () => resultOf(client.dueDates.digestSetting({ query: {} })),
  });

/** Turns the weekly digest on or off; the saved answer becomes what the switch shows. */
export function useSaveDueDigestSetting(onSaved: (weeklyDigest: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (weeklyDigest: boolean) => resultOf(client.dueDates.updateDigestSetting({ body: { weeklyDigest } })),
    onSuccess: (saved) => {
      queryClient.setQueryData(dueDigestKeys.all, saved);
      onSaved(saved.weeklyDigest);
    },
  });
}
