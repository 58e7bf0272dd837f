import { Callout, Checkbox, InputGroup, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { LocationEquipment } from '../../../../contract/equipment';
import { useSettled } from '../useSettled';
import { useLinkableInLocation } from './api/equipmentForm';

/** Wait this long after the last keystroke before searching on the server. Chosen: not in spec. */
const SEARCH_DEBOUNCE_MS = 250;

export interface LinkLocationPanelProps {
  /** The location as the dialog first loaded it (its first equipment, unfiltered). */
  location: LocationEquipment;
  search: string;
  onSearchChange(search: string): void;
  selected: ReadonlySet<number>;
  onToggle(ids: number[], on: boolean): void;
}

/** One city of the link-equipment dialog: search (on the server), select all shown, the equipment as checkboxes. */
export function LinkLocationPanel({ location, search, onSearchChange, selected, onToggle }: LinkLocationPanelProps) {
  const { t } = useTranslation();
  const keyword = useSettled(search.trim(), SEARCH_DEBOUNCE_MS);
  const searched = useLinkableInLocation(location.locationId, keyword);
  const shownLocation = keyword === '' ? location : searched.data;
  const shown = shownLocation?.equipment ?? [];
  const selectable = shown.filter((e) => !e.isMine).map((e) => e.equipmentId);
  const allSelected = selectable.length > 0 && selectable.every((id) => selected.has(id));
  const someSelected = selectable.some((id) => selected.has(id));

  const list = () => {
    if (location.equipmentCount === 0) {
      return <NonIdealState icon="lab-test" title={t('equipmentForm:link_empty_city')} />;
    }
    if (searched.isError && keyword !== '') {
      return <NonIdealState icon="error" title={t('equipmentForm:link_load_failed')} />;
    }
    if (!shownLocation) return <Spinner size={24} aria-label={t('equipmentForm:link_searching')} />;
    if (shown.length === 0) return <NonIdealState icon="search" title={t('equipmentForm:link_no_match')} />;
    return (
      <>
        {shownLocation.equipmentCount > shown.length && (
          <Callout icon="filter-list" style={{ marginBottom: 8 }}>
            {t('equipmentForm:link_truncated', { shown: shown.length, count: shownLocation.equipmentCount })}
          </Callout>
        )}
        <ul
          aria-busy={searched.isFetching || search.trim() !== keyword}
          style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 420, overflowY: 'auto' }}
        >
          {shown.map((e) => (
            <li key={e.equipmentId} style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 32 }}>
              <Checkbox
                style={{ margin: 0, flex: 1 }}
                checked={e.isMine || selected.has(e.equipmentId)}
                disabled={e.isMine}
                onChange={(ev) => onToggle([e.equipmentId], ev.currentTarget.checked)}
                labelElement={
                  <span>
                    <strong>{[e.mfg, e.model].filter(Boolean).join(' ')}</strong>
                    {e.serial ? ` · ${e.serial}` : ''}
                    {e.systemNickName ? ` · ${e.systemNickName}` : ''}
                    {e.pkiTag ? ` · ${e.pkiTag}` : ''}
                  </span>
                }
              />
              {e.isMine && <Tag minimal>{t('equipmentForm:link_on_list')}</Tag>}
              {e.isNew && (
                <Tag minimal intent={Intent.SUCCESS}>
                  {t('equipmentForm:link_new')}
                </Tag>
              )}
            </li>
          ))}
        </ul>
      </>
    );
  };

  return (
    <div>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 8 }}>
        <div style={{ flex: 1 }}>
          <InputGroup
            type="search"
            leftIcon="search"
            fill
            maxLength={200}
            aria-label={t('equipmentForm:link_search', { city: location.city })}
            placeholder={t('equipmentForm:link_search', { city: location.city })}
            value={search}
            onValueChange={onSearchChange}
            rightElement={searched.isFetching ? <Spinner size={16} /> : undefined}
          />
        </div>
        <Checkbox
          style={{ margin: 0 }}
          label={t('equipmentForm:link_select_all')}
          checked={allSelected}
          indeterminate={!allSelected && someSelected}
          disabled={selectable.length === 0}
          onChange={(e) => onToggle(selectable, e.currentTarget.checked)}
        />
      </div>
      {list()}
    </div>
  );
}
