import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client, resultOf } from '../../lib/api';
import { catalogueKeys } from './api/catalogueKeys';

/** Rows of a catalogue page (chosen: not in spec). */
export const CATALOGUE_PAGE_SIZE = 20;

/** One page of the catalogue, filtered by part number: GET Configuration/productMarketInfo. */
export function useCatalogueList(keyword: string, pageIndex: number) {
  return useQuery({
    queryKey: catalogueKeys.list(keyword, pageIndex),
    queryFn: () =>
      resultOf(
        client.productMarketInfo.list({
          query: { keyword: keyword || undefined, pageIndex, pageSize: CATALOGUE_PAGE_SIZE },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
