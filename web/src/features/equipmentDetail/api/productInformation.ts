import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MoreInfoRequest } from '../../../../../contract/equipment';
import { client, resultOf } from '../../../lib/api';
import { equipmentKeys } from '../../../lib/equipmentKeys';

/** The resource block of the product page, read by the server; null when there is none to show. */
export const productResourcesQuery = (equipmentId: number) =>
  queryOptions({
    queryKey: equipmentKeys.productResources(equipmentId),
    queryFn: () => resultOf(client.equipment.productResources({ params: { id: equipmentId }, silent: true })),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useProductResources = (equipmentId: number) => useQuery(productResourcesQuery(equipmentId));

/** Ask for market information about a product. */
export const requestMarketInfo = (body: MoreInfoRequest) =>
  resultOf(client.equipment.requestMarketInfo({ body, silent: true }));
