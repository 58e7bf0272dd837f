import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client, resultOf } from '../../../lib/api';
import { catalogueKeys } from './catalogueKeys';

/** Rows of a catalogue page (chosen: not in spec). */
export const CATALOGUE_PAGE_SIZE = 20;

/** One page of the catalogue, filtered by part number: GET Configuration/productMarketInfo. */
export const catalogueListQuery = (keyword: string, pageIndex: number) =>
  queryOptions({
    queryKey: catalogueKeys.list(keyword, pageIndex),
    queryFn: () =>
      resultOf(
        client.productMarketInfo.list({
          query: { keyword: keyword || undefined, pageIndex, pageSize: CATALOGUE_PAGE_SIZE },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useCatalogueList = (keyword: string, pageIndex: number) =>
  useQuery(catalogueListQuery(keyword, pageIndex));
