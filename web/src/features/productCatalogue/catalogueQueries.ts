import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductDescriptions } from '../../../../contract/productMarketInfo';
import { client, resultOf } from '../../lib/api';

/** The query key of every catalogue page, so an import or an edit can refresh them all. */
export const CATALOGUE_KEY = 'productCatalogue';
/** Save the two descriptions of a part number: PUT Configuration/productMarketInfo/{partNumber}. */
export function useSaveDescriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partNumber, descriptions }: { partNumber: string; descriptions: ProductDescriptions }) =>
      resultOf(client.productMarketInfo.updateDescriptions({ params: { partNumber }, body: descriptions })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CATALOGUE_KEY] }),
  });
}
