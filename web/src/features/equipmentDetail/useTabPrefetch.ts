import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EquipmentDetail } from '../../../../contract/equipment';
import { historyQuery } from '../../components/history';
import { productResourcesQuery } from './api/productInformation';
import { instrumentWorkOrdersQuery } from './workOrderOverview/useInstrumentWorkOrders';

/** The tabs whose data comes from calls of their own (the others show what the page has already read). */
export type PrefetchedTab = 'workOrders' | 'productInfo' | 'history';

/**
 * The instrument page's tabs open on their data: once the page has shown the instrument, the first page of each
 * shown tab's data is fetched while the browser is idle, under the query keys the tabs read; pointing at a tab or
 * focusing it fetches its data too, in case that has not happened yet. A fetch already running, or an answer still
 * fresh, is not asked for again. Returns what a tab's hover and focus call.
 */
export function useTabPrefetch(equipment: EquipmentDetail | undefined) {
  const queryClient = useQueryClient();
  const prefetch = useCallback(
    (tab: PrefetchedTab) => {
      if (!equipment) return;
      const id = equipment.equipmentId;
      switch (tab) {
        case 'workOrders':
          void queryClient.prefetchQuery(instrumentWorkOrdersQuery(id, false));
          if (equipment.systemId?.trim()) void queryClient.prefetchQuery(instrumentWorkOrdersQuery(id, true));
          return;
        case 'productInfo':
          // Only an instrument with market information has the tab.
          if (equipment.productMarketInfo) void queryClient.prefetchQuery(productResourcesQuery(id));
          return;
        case 'history':
          void queryClient.prefetchInfiniteQuery(historyQuery('equipment', id));
          return;
      }
    },
    [queryClient, equipment],
  );

  const loaded = equipment !== undefined;
  useEffect(() => {
    if (!loaded) return;
    // After the page's first paint, not competing with it.
    const all = () => (['workOrders', 'productInfo', 'history'] as const).forEach(prefetch);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(all, { timeout: 500 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(all, 50);
    return () => window.clearTimeout(timer);
    // Once per instrument (the page is keyed by it); a reloaded instrument keeps what was fetched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  return prefetch;
}
