import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductDescriptions } from '../../../../contract/productMarketInfo';
import { client, resultOf } from '../../lib/api';

/** The query key of every catalogue page, so an import or an edit can refresh them all. */
export const CATALOGUE_KEY = 'productCatalogue';
/** Rows of a catalogue page (chosen: not in spec). */
export const CATALOGUE_PAGE_SIZE = 20;

/** One page of the catalogue, filtered by part number: GET Configuration/productMarketInfo. */
export function useCatalogueList(keyword: string, pageIndex: number) {
  return useQuery({
    queryKey: [CATALOGUE_KEY, 'list', keyword, pageIndex],
    queryFn: () =>
      resultOf(
        client.productMarketInfo.list({
          query: { keyword: keyword || undefined, pageIndex, pageSize: CATALOGUE_PAGE_SIZE },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Save the two descriptions of a part number: PUT Configuration/productMarketInfo/{partNumber}. */
export function useSaveDescriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partNumber, descriptions }: { partNumber: string; descriptions: ProductDescriptions }) =>
      resultOf(client.productMarketInfo.updateDescriptions({ params: { partNumber }, body: descriptions })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CATALOGUE_KEY] }),
  });
}
