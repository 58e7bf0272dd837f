import { useFieldOptions } from '../../components/equipment/api/fieldOptions';
import { SEARCH_DEBOUNCE_MS } from '../../components/list';
import { useSettled } from '../../components/useSettled';
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
  const { values } = useFieldOptions(field, keyword);
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
