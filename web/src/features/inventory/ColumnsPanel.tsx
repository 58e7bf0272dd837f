import { useState } from 'react';
import { Checkbox, Drawer, DrawerSize, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { fieldLabel, GRID_FIELDS } from './inventoryLayout';

/** The column show/hide side panel with search and select all (spec 2 section 2). */
export function ColumnsPanel(props: {
  isOpen: boolean;
  shown: string[];
  onChange(shown: string[]): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const shown = new Set(props.shown);
  const fields = GRID_FIELDS.filter((f) => fieldLabel(t, f).toLowerCase().includes(search.trim().toLowerCase()));
  const all = fields.length > 0 && fields.every((f) => shown.has(f));
  const set = (fieldsToSet: readonly string[], on: boolean) => {
    const next = new Set(shown);
    for (const f of fieldsToSet) {
      if (on) next.add(f);
      else next.delete(f);
    }
    props.onChange(GRID_FIELDS.filter((f) => next.has(f)));
  };
  return (
    <Drawer isOpen={props.isOpen} onClose={props.onClose} title={t('inventory:columns_title')} size={DrawerSize.SMALL}>
      <div className="inventory-columns-panel">
        <InputGroup
          leftIcon="search"
          placeholder={t('inventory:columns_search')}
          aria-label={t('inventory:columns_search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Checkbox
          label={t('inventory:columns_select_all')}
          checked={all}
          indeterminate={!all && fields.some((f) => shown.has(f))}
          onChange={() => set(fields, !all)}
        />
        <div role="group" aria-label={t('inventory:columns_title')}>
          {fields.map((f) => (
            <Checkbox
              key={f}
              label={fieldLabel(t, f)}
              checked={shown.has(f)}
              onChange={() => set([f], !shown.has(f))}
            />
          ))}
        </div>
      </div>
    </Drawer>
  );
}
