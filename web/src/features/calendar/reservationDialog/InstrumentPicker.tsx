import { useEffect, useState } from 'react';
import { Button, type Intent, MenuItem } from '@blueprintjs/core';
import { Suggest, type ItemRenderer } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../../../../contract/equipment';
import { client, resultOf } from '../../../lib/api';
import { instrumentLabel, type ReservationInstrument } from './reservationForm';

/** How many instruments one search shows (as the inventory asks for them). */
const PICKER_PAGE_SIZE = 20;
/** Wait this long after the last keystroke before asking the server. Chosen: not in spec. */
const SEARCH_DEBOUNCE_MS = 300;

const makeModel = (e: Pick<Equipment, 'mfg' | 'model' | 'systemNickName'>) =>
  [e.mfg, e.model].filter(Boolean).join(' ') || e.systemNickName || null;

/** The instrument as the reservation dialog holds it. */
export const toInstrument = (e: Equipment): ReservationInstrument => ({
  equipmentId: e.equipmentId,
  label: instrumentLabel(e.serial, makeModel(e)),
});

export interface InstrumentPickerProps {
  id: string;
  value: ReservationInstrument | null;
  onChange(value: ReservationInstrument | null): void;
  intent?: Intent;
  describedBy?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The typed text once the user has paused typing. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** Picks one of the user's own instruments (POST Equipment/list, my list, full-text search on what is typed). */
export function InstrumentPicker({
  id,
  value,
  onChange,
  intent,
  describedBy,
  disabled,
  autoFocus,
}: InstrumentPickerProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const keyword = useSettled(query.trim());
  const found = useQuery({
    queryKey: ['equipment', 'reservationPicker', keyword],
    queryFn: () =>
      resultOf(
        client.equipment.list({
          body: {
            pageIndex: 0,
            pageSize: PICKER_PAGE_SIZE,
            isFollowed: true,
            listType: 'inventory',
            fullTextSearchSetting: keyword ? { keyword } : null,
          },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const items = (found.data?.items ?? []).map(toInstrument);

  const renderItem: ItemRenderer<ReservationInstrument> = (item, { handleClick, handleFocus, modifiers, ref }) => (
    <MenuItem
      key={item.equipmentId}
      ref={ref}
      roleStructure="listoption"
      active={modifiers.active}
      selected={value?.equipmentId === item.equipmentId}
      text={item.label}
      onClick={handleClick}
      onFocus={handleFocus}
    />
  );

  const status = found.isError
    ? t('reservation:instrument_search_failed')
    : found.isFetching
      ? t('reservation:instrument_searching')
      : t('reservation:instrument_none_found');
  return (
    <Suggest<ReservationInstrument>
      fill
      disabled={disabled}
      items={items}
      itemListPredicate={(_query, all) => all}
      itemRenderer={renderItem}
      itemsEqual={(a, b) => a.equipmentId === b.equipmentId}
      selectedItem={value}
      onItemSelect={onChange}
      inputValueRenderer={(item) => item.label}
      onQueryChange={setQuery}
      resetOnClose
      noResults={<MenuItem disabled roleStructure="listoption" text={status} />}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      inputProps={{
        id,
        autoFocus,
        placeholder: t('reservation:instrument_placeholder'),
        intent,
        'aria-describedby': describedBy,
        'aria-invalid': intent === 'danger' ? true : undefined,
        rightElement:
          value !== null && !disabled ? (
            <Button
              variant="minimal"
              icon="cross"
              aria-label={t('reservation:instrument_clear')}
              title={t('reservation:instrument_clear')}
              onClick={() => onChange(null)}
            />
          ) : undefined,
      }}
    />
  );
}
