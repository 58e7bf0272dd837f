import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_UTILIZATION_RANGE,
  type UtilizationEventQuery,
  type UtilizationPeriod,
} from '../../../../../contract/equipment';
import { client, resultOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { useCurrentSession } from '../../../lib/currentUser';
import { periodBounds } from '../utilization/utilizationAxis';

export const utilizationKeys = queryKeys('utilization', {
  hasSite: (customerId: number) => [customerId],
  asset: (equipmentId: number, range: number) => [equipmentId, range],
  events: (customerId: number, systemId: string, bounds: object, page: object) => [customerId, systemId, bounds, page],
  eventList: (customerId: number, systemId: string, bounds: object) => [customerId, systemId, bounds],
});
/** The monitoring data changes at most once a day; a few minutes keep tab switches instant. Chosen: not in spec. */
const STALE_MS = 5 * 60_000;

/**
 * Whether the current customer has an asset-monitoring site (spec 2 section 2: the Utilization tab shows only
 * then). A failure counts as no site, quietly.
 */
export function useHasAssetGeniusSite(): boolean {
  const { user } = useCurrentSession();
  const customerId = user.userLocation.customerId;
  const site = useQuery({
    queryKey: utilizationKeys.hasSite(customerId),
    queryFn: () =>
      resultOf(client.customers.hasAssetGeniusSite({ query: { customerId }, body: {}, silent: true })).catch(
        () => false,
      ),
    staleTime: STALE_MS,
    retry: false,
  });
  return site.data === true;
}

const assetQuery = (equipmentId: number, range: number) => ({
  queryKey: utilizationKeys.asset(equipmentId, range),
  queryFn: () => resultOf(client.equipment.utilizationAsset({ query: { equipmentId, filter: range }, body: {} })),
  staleTime: STALE_MS,
});

/** The asset data and event summary of an instrument for a date range (POST Equipment/agAssetDataAndEventSummary). */
export function useUtilizationAsset(equipmentId: number, range: number) {
  return useQuery({ ...assetQuery(equipmentId, range), placeholderData: keepPreviousData });
}

/**
 * While the instrument page shows another tab, the Utilization tab's first answer (the default range) is fetched,
 * with the chart's code, so the tab opens on data rather than on a spinner. Nothing happens for a customer without a
 * site.
 */
export function usePrefetchUtilization(equipmentId: number | null, hasSite: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (equipmentId === null || !hasSite) return;
    void queryClient.prefetchQuery(assetQuery(equipmentId, DEFAULT_UTILIZATION_RANGE));
    // The chart's code too: it is loaded apart from the page's.
    void import('../utilization/UtilizationChart');
  }, [queryClient, equipmentId, hasSite]);
}

/** What the details modal asks for besides the period, system and customer. */
export type EventPageQuery = Omit<UtilizationEventQuery, 'startDate' | 'endDate' | 'systemId' | 'customerId'>;

/** A filtered, sorted page of the runs of a period (POST Equipment/agEventFilterList). */
export function useUtilizationEvents(systemId: string, period: UtilizationPeriod, page: EventPageQuery) {
  const { user } = useCurrentSession();
  const customerId = user.userLocation.customerId;
  const bounds = periodBounds(period);
  return useQuery({
    queryKey: utilizationKeys.events(customerId, systemId, bounds, page),
    queryFn: () =>
      resultOf(client.equipment.utilizationEvents({ query: {}, body: { ...page, ...bounds, systemId, customerId } })),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

/** Every run of a period (POST Equipment/agEventList), the source of the column filters' suggestions. */
export function useUtilizationEventList(systemId: string, period: UtilizationPeriod, enabled: boolean) {
  const { user } = useCurrentSession();
  const customerId = user.userLocation.customerId;
  const bounds = periodBounds(period);
  return useQuery({
    queryKey: utilizationKeys.eventList(customerId, systemId, bounds),
    queryFn: () =>
      resultOf(client.equipment.utilizationEventList({ query: { systemId, customerId, ...bounds }, body: {} })),
    staleTime: STALE_MS,
    enabled,
  });
}
