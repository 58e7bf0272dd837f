import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductDescriptions } from '../../../../../contract/productMarketInfo';
import { client, resultOf } from '../../../lib/api';
import { catalogueKeys } from './catalogueKeys';

/** Save the two descriptions of a part number: PUT Configuration/productMarketInfo/{partNumber}. */
export function useSaveDescriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partNumber, descriptions }: { partNumber: string; descriptions: ProductDescriptions }) =>
      resultOf(client.productMarketInfo.updateDescriptions({ params: { partNumber }, body: descriptions })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
