import { useMemo } from 'react';
import { Button, Classes, InputGroup, MenuItem, Spinner } from '@blueprintjs/core';
import { QueryList, type ItemRenderer } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UTILIZATION_FILTER_SUGGESTIONS, type UtilizationEvent } from '../../../../../contract/equipment';
import { distinctValues, suggestionsOf, type FilterableColumn } from './utilizationEvents';

export interface EventValueFilterProps {
  column: FilterableColumn;
  /** The column's name as the table shows it. */
  name: string;
  /** Every event of the period: the source of the values. */
  events: UseQueryResult<UtilizationEvent[]>;
  picked: readonly string[];
  onChange(values: string[]): void;
}

/**
 * The filter of one column of the details modal: an autocomplete of the column's values among the period's events
 * (up to 100 when nothing is typed, spec 2 section 9), where picking a value adds it to the filter or takes it off.
 */
export function EventValueFilter({ column, name, events, picked, onChange }: EventValueFilterProps) {
  const { t } = useTranslation();
  const values = useMemo(() => distinctValues(events.data ?? [], column), [events.data, column]);
  const toggle = (value: string) =>
    onChange(picked.includes(value) ? picked.filter((v) => v !== value) : [...picked, value]);

  const renderItem: ItemRenderer<string> = (value, { handleClick, handleFocus, modifiers, ref }) => (
    <MenuItem
      key={value}
      ref={ref}
      roleStructure="listoption"
      active={modifiers.active}
      selected={picked.includes(value)}
      shouldDismissPopover={false}
      text={value}
      onClick={handleClick}
      onFocus={handleFocus}
    />
  );
  const status = events.isError
    ? t('utilization:filter_failed')
    : events.isPending
      ? t('utilization:filter_loading')
      : t('utilization:filter_no_values');

  return (
    <div style={{ width: 320, padding: 8 }}>
      <QueryList<string>
        items={values}
        itemListPredicate={(query, items) => suggestionsOf(items, query)}
        itemRenderer={renderItem}
        onItemSelect={toggle}
        resetOnSelect={false}
        noResults={<MenuItem disabled roleStructure="listoption" text={status} />}
        menuProps={{ 'aria-label': t('utilization:filter_values', { column: name }) }}
        renderer={(list) => (
          <div onKeyDown={list.handleKeyDown} onKeyUp={list.handleKeyUp}>
            <InputGroup
              autoFocus
              leftIcon="search"
              role="combobox"
              aria-label={t('utilization:filter_search', { column: name })}
              aria-autocomplete="list"
              aria-expanded
              aria-controls={list.listId}
              aria-activedescendant={list.activeItemId}
              placeholder={t('utilization:filter_placeholder')}
              value={list.query}
              onChange={list.handleQueryChange}
              rightElement={events.isFetching ? <Spinner size={16} /> : undefined}
            />
            <div style={{ maxHeight: 280, overflow: 'auto', marginTop: 4 }}>{list.itemList}</div>
          </div>
        )}
      />
      {values.length > UTILIZATION_FILTER_SUGGESTIONS && (
        <p className={Classes.TEXT_MUTED} style={{ margin: '4px 0 0', fontSize: 12 }}>
          {t('utilization:filter_first', { count: UTILIZATION_FILTER_SUGGESTIONS })}
        </p>
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 8 }}>
        <Button
          size="small"
          icon="filter-remove"
          text={t('utilization:filter_clear')}
          disabled={picked.length === 0}
          onClick={() => onChange([])}
        />
      </div>
    </div>
  );
}
