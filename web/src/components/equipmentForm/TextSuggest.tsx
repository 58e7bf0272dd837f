import { type Intent, MenuItem } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSettled } from '../useSettled';
import { LengthCounter } from '../inputs/LengthCounter';

/** Wait this long after the last keystroke before asking for suggestions. Chosen: not in spec. */
const SUGGEST_DEBOUNCE_MS = 250;

export interface TextSuggestProps<T> {
  id: string;
  value: string;
  /** Typing: the text is the field's value whether or not a suggestion is picked. */
  onChange(value: string): void;
  /** Picking a suggestion. */
  onPick?(item: T): void;
  /** Suggestions for the typed text (debounced), cached under `queryKey` + the text. */
  queryKey: readonly unknown[];
  fetchItems(keyword: string): Promise<T[]>;
  itemText(item: T): string;
  itemLabel?(item: T): string | undefined;
  noResults: string;
  maxLength?: number;
  intent?: Intent;
  placeholder?: string;
  disabled?: boolean;
}

/** A free-text input with suggestions from the server (Blueprint Suggest that never holds a selected item). */
export function TextSuggest<T>(props: TextSuggestProps<T>) {
  const { id, value, onChange, onPick, queryKey, fetchItems, itemText, itemLabel, noResults } = props;
  const keyword = useSettled(value.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery({
    queryKey: [...queryKey, keyword],
    queryFn: () => fetchItems(keyword),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return (
    <Suggest<T>
      fill
      disabled={props.disabled}
      items={suggestions.data ?? []}
      query={value}
      selectedItem={null}
      onQueryChange={(q) => onChange(q)}
      onItemSelect={(item) => {
        onChange(itemText(item));
        onPick?.(item);
      }}
      inputValueRenderer={itemText}
      itemRenderer={(item, { handleClick, handleFocus, modifiers, ref, index }) =>
        modifiers.matchesPredicate ? (
          <MenuItem
            key={`${itemText(item)}-${index}`}
            ref={ref}
            roleStructure="listoption"
            active={modifiers.active}
            text={itemText(item)}
            label={itemLabel?.(item)}
            onClick={handleClick}
            onFocus={handleFocus}
          />
        ) : null
      }
      noResults={<MenuItem disabled roleStructure="listoption" text={noResults} />}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      inputProps={{
        id,
        maxLength: props.maxLength,
        rightElement:
          props.maxLength !== undefined ? (
            <LengthCounter id={`${id}-counter`} entered={value.length} max={props.maxLength} />
          ) : undefined,
        'aria-describedby': props.maxLength !== undefined ? `${id}-counter` : undefined,
        intent: props.intent,
        placeholder: props.placeholder ?? '',
        'aria-invalid': props.intent === 'danger' ? true : undefined,
      }}
    />
  );
}
