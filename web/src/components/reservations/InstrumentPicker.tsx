import type { Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../../../contract/equipment';
import { RemoteSuggest } from '../RemoteSuggest';
import { equipmentKeys } from '../../lib/equipmentKeys';
import { searchOwnInstruments } from './api/reservations';
import { instrumentLabel, type ReservationInstrument } from '../../../../machines/reservationForm';

/** How many instruments one search shows (as the inventory asks for them). */
const PICKER_PAGE_SIZE = 20;

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
}

/** Picks one of the user's own instruments (POST Equipment/list, my list, full-text search on what is typed). */
export function InstrumentPicker({ id, value, onChange, intent, describedBy, disabled }: InstrumentPickerProps) {
  const { t } = useTranslation();
  return (
    <RemoteSuggest<ReservationInstrument>
      id={id}
      value={value}
      onChange={onChange}
      search={async (keyword) => (await searchOwnInstruments(keyword, PICKER_PAGE_SIZE)).map(toInstrument)}
      queryKey={equipmentKeys.reservationPicker()}
      itemKey={(item) => item.equipmentId}
      itemText={(item) => item.label}
      inputValue={(item) => item.label}
      placeholder={t('reservation:instrument_placeholder')}
      texts={{
        loading: t('reservation:instrument_searching'),
        noResults: t('reservation:instrument_none_found'),
        failed: t('reservation:instrument_search_failed'),
        clear: t('reservation:instrument_clear'),
      }}
      intent={intent}
      invalid={intent === 'danger'}
      describedBy={describedBy}
      disabled={disabled}
      resetOnClose
      below
    />
  );
}
