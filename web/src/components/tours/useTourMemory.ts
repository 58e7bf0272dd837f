import { useCallback, useMemo, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { client, resultOf } from '../../lib/api';
import { preferenceKeys } from '../../lib/preferenceKeys';
import { readLocal, writeLocal } from '../../lib/localSettings';
import type { PageTourId } from './pageTours';
import {
  mergeSeen,
  PAGE_TOURS_PREFERENCE_KEY,
  pageToursLocalKey,
  parseSeenTours,
  serializeSeen,
  withSeen,
  type SeenTours,
} from './tourMemory';

interface StoredSeen {
  preferenceId: number | null;
  seen: PageTourId[];
}

export interface TourMemory {
  /** The server has answered (or failed: then only this browser's memory counts). */
  ready: boolean;
  isSeen: (tour: PageTourId) => boolean;
  markSeen: (tour: PageTourId) => void;
}

/** Which page tours this user has seen: the user's `pageTours` setting on the server, mirrored in this browser. */
export function useTourMemory(userId: number): TourMemory {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => preferenceKeys.pageTours(userId), [userId]);
  const localKey = pageToursLocalKey(userId);
  const query = useQuery({
    queryKey,
    queryFn: async (): Promise<StoredSeen> => {
      const items = await resultOf(
        client.preferences.list({ query: { keys: PAGE_TOURS_PREFERENCE_KEY, includedDetail: true } }),
      );
      const own = items.find((p) => p.preferenceKey === PAGE_TOURS_PREFERENCE_KEY && p.userId === userId);
      return { preferenceId: own?.preferenceId ?? null, seen: parseSeenTours(own?.value) };
    },
    staleTime: Infinity,
    retry: false,
  });
  /** Saves run one after another, so the first one's new setting is updated, not created twice. */
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  const isSeen = (tour: PageTourId) =>
    mergeSeen(query.data?.seen ?? [], parseSeenTours(readLocal<SeenTours | null>(localKey, null))).includes(tour);

  const markSeen = useCallback(
    (tour: PageTourId) => {
      writeLocal<SeenTours>(localKey, { seen: withSeen(parseSeenTours(readLocal(localKey, null)), tour) });
      const save = async () => {
        const stored = queryClient.getQueryData<StoredSeen>(queryKey) ?? { preferenceId: null, seen: [] };
        if (stored.seen.includes(tour)) return;
        const value = serializeSeen(withSeen(stored.seen, tour));
        const common = { name: PAGE_TOURS_PREFERENCE_KEY, isDefault: false, value, category: 'setting' };
        const saved =
          stored.preferenceId !== null && stored.preferenceId > 0
            ? await resultOf(client.preferences.update({ body: { preferenceId: stored.preferenceId, ...common } }))
            : await resultOf(
                client.preferences.create({
                  body: {
                    preferenceKey: PAGE_TOURS_PREFERENCE_KEY,
                    shareScope: 'private',
                    publicPreferenceId: null,
                    ...common,
                  },
                }),
              );
        queryClient.setQueryData<StoredSeen>(queryKey, {
          preferenceId: saved.preferenceId,
          seen: parseSeenTours(saved.value),
        });
      };
      // A failed save is not worth a message: this browser remembers the tour anyway.
      saving.current = saving.current.then(save).catch(() => undefined);
    },
    [localKey, queryClient, queryKey],
  );

  return { ready: query.isFetched, isSeen, markSeen };
}
