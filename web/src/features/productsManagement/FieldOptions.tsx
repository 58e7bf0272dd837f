import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUTOCOMPLETE_COUNT } from '../../../../contract/limits';
import { SEARCH_DEBOUNCE_MS } from '../../components/list';
import { useSettled } from '../../components/useSettled';
import { client, resultOf } from '../../lib/api';
import type { EditableField } from './productsFields';

/** The cells with the customer's existing values as suggestions (spec 3 section 3: make, model, system id). */
export const SUGGESTED_FIELDS: readonly EditableField[] = ['mfg', 'model', 'systemId'];
export const optionsListId = (field: EditableField) => `products-options-${field}`;

/**
 * The suggestion lists of the autocompleted cells: GET Equipment/fieldOption for the cell being typed in, offered
 * through the inputs' `list` attribute.
 */
export function FieldOptions({ typing }: { typing: { field: EditableField; value: string } | null }) {
  const keyword = useSettled(typing?.value.trim() ?? '', SEARCH_DEBOUNCE_MS);
  const field = typing?.field;
  const options = useQuery({
    enabled: field !== undefined,
    queryKey: ['equipment', 'fieldOption', field, keyword],
    queryFn: () =>
      resultOf(
        client.equipment.fieldOption({
          query: { optionType: field!, keyword: keyword || undefined, count: AUTOCOMPLETE_COUNT },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const values = (options.data?.fieldOptions ?? options.data?.items ?? []).filter((v): v is string => !!v);
  return (
    <>
      {SUGGESTED_FIELDS.map((f) => (
        <datalist key={f} id={optionsListId(f)}>
          {f === field && values.map((v) => <option key={v} value={v} />)}
        </datalist>
      ))}
    </>
  );
}
