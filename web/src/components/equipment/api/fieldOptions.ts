import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUTOCOMPLETE_COUNT } from '../../../../../contract/limits';
import { client, resultOf } from '../../../lib/api';
import { equipmentKeys } from '../../../lib/equipmentKeys';

/**
 * The customer's distinct values of an equipment field that match a keyword (GET Equipment/fieldOption), as
 * strings, and whether they are being read; nothing is asked without a field.
 */
export function useFieldOptions(optionType: string | undefined, keyword: string) {
  const options = useQuery({
    enabled: optionType !== undefined,
    queryKey: equipmentKeys.fieldOption(optionType, keyword),
    queryFn: () =>
      resultOf(
        client.equipment.fieldOption({
          query: { optionType: optionType!, keyword: keyword || undefined, count: AUTOCOMPLETE_COUNT },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const values = (options.data?.fieldOptions ?? options.data?.items ?? []).filter((v): v is string => !!v);
  return { values, isFetching: options.isFetching };
}
