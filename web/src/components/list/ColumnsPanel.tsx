import { useState } from 'react';
import { Checkbox, DrawerSize, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { TitledDrawer } from '../TitledDrawer';
import type { ListFields } from './listLayout';

export interface ColumnsPanelProps {
  isOpen: boolean;
  fields: ListFields;
  shown: string[];
  onChange(shown: string[]): void;
  onClose(): void;
}

/** The column show/hide side panel with search and select all (spec 2 section 2); fixed columns are not listed. */
export function ColumnsPanel({ isOpen, fields, shown: shownKeys, onChange, onClose }: ColumnsPanelProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const shown = new Set(shownKeys);
  const matching = fields.columns.filter((f) => fields.label(t, f).toLowerCase().includes(search.trim().toLowerCase()));
  const all = matching.length > 0 && matching.every((f) => shown.has(f));
  const set = (fieldsToSet: readonly string[], on: boolean) => {
    const next = new Set(shown);
    for (const f of fieldsToSet) {
      if (on) next.add(f);
      else next.delete(f);
    }
    onChange(fields.columns.filter((f) => next.has(f)));
  };
  return (
    <TitledDrawer
      isOpen={isOpen}
      onClose={onClose}
      title={t('list_columns_title')}
      icon="column-layout"
      size={DrawerSize.SMALL}
    >
      <div className="list-columns-panel" role="region" aria-label={t('list_columns_title')}>
        <InputGroup
          leftIcon="search"
          placeholder={t('list_columns_search')}
          aria-label={t('list_columns_search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Checkbox
          label={t('list_columns_select_all')}
          checked={all}
          indeterminate={!all && matching.some((f) => shown.has(f))}
          onChange={() => set(matching, !all)}
        />
        <div role="group" aria-label={t('list_columns')}>
          {matching.map((f) => (
            <Checkbox
              key={f}
              label={fields.label(t, f)}
              checked={shown.has(f)}
              onChange={() => set([f], !shown.has(f))}
            />
          ))}
        </div>
      </div>
    </TitledDrawer>
  );
}
