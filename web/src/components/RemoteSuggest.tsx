import { useState } from 'react';
import { Button, Intent, MenuItem, type PopoverProps } from '@blueprintjs/core';
import { Suggest, type ItemRenderer } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSettled } from './useSettled';

/** Wait this long after the last keystroke before asking the server. Chosen: not in spec. */
const SEARCH_DEBOUNCE_MS = 300;
/** Where there is no room below, the list stays below (shorter, see styles.css) rather than flip over the input. */
const ONLY_BELOW: PopoverProps['modifiers'] = { flip: { options: { fallbackPlacements: ['bottom-start'] } } };

export interface RemoteSuggestProps<T> {
  id: string;
  value: T | null;
  onChange(value: T | null): void;
  /** Asks the server for the items matching the typed text ('' when nothing is typed yet). */
  search(keyword: string): Promise<T[]>;
  /** Cache key of the search, with the keyword appended. */
  queryKey: readonly unknown[];
  itemKey(item: T): number;
  itemText(item: T): string;
  itemLabel?(item: T): string | undefined;
  /** The text shown in the input for the chosen item. */
  inputValue(item: T): string;
  placeholder: string;
  texts: { loading: string; noResults: string; failed: string; clear: string };
  intent?: Intent;
  describedBy?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Marks the input aria-invalid. */
  invalid?: boolean;
  /** Clears the typed text when the list closes without a choice. */
  resetOnClose?: boolean;
  /** The list always opens below the input, never over what stands above it. */
  below?: boolean;
}

/**
 * An autocomplete whose items the server finds (spec 1 section 7: the widget calls a search with the typed text, and
 * with empty text on focus). The server filters, so every answered item is shown.
 */
export function RemoteSuggest<T>(props: RemoteSuggestProps<T>) {
  const { value, onChange, texts } = props;
  const [query, setQuery] = useState('');
  const keyword = useSettled(query.trim(), SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: [...props.queryKey, keyword],
    queryFn: () => props.search(keyword),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const renderItem: ItemRenderer<T> = (item, { handleClick, handleFocus, modifiers, ref }) => (
    <MenuItem
      key={props.itemKey(item)}
      ref={ref}
      roleStructure="listoption"
      active={modifiers.active}
      selected={value !== null && props.itemKey(value) === props.itemKey(item)}
      text={props.itemText(item)}
      label={props.itemLabel?.(item)}
      onClick={handleClick}
      onFocus={handleFocus}
    />
  );

  const status = found.isError ? texts.failed : found.isFetching ? texts.loading : texts.noResults;
  return (
    <Suggest<T>
      fill
      disabled={props.disabled}
      items={found.data ?? []}
      itemListPredicate={(_query, items) => items}
      itemRenderer={renderItem}
      itemsEqual={(a, b) => props.itemKey(a) === props.itemKey(b)}
      selectedItem={value}
      onItemSelect={(item) => onChange(item)}
      inputValueRenderer={props.inputValue}
      // Blueprint's resetOnClose clears the text when the list starts opening, which comes a render after the focus:
      // what is typed or pasted at once into a just-focused input would be lost. The text is cleared on closing.
      query={query}
      onQueryChange={setQuery}
      noResults={<MenuItem disabled roleStructure="listoption" text={status} />}
      popoverProps={{
        minimal: true,
        matchTargetWidth: true,
        onClosing: props.resetOnClose ? () => setQuery('') : undefined,
        modifiers: props.below ? ONLY_BELOW : undefined,
        popoverClassName: props.below ? 'remote-suggest-below' : undefined,
      }}
      inputProps={{
        id: props.id,
        autoFocus: props.autoFocus,
        placeholder: props.placeholder,
        intent: props.intent,
        'aria-describedby': props.describedBy,
        'aria-invalid': props.invalid ? true : undefined,
        rightElement:
          value !== null && !props.disabled ? (
            <Button
              variant="minimal"
              icon="cross"
              aria-label={texts.clear}
              title={texts.clear}
              onClick={() => onChange(null)}
            />
          ) : undefined,
      }}
    />
  );
}
