import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FilterSetting } from '../../../../contract/listQuery';
import { describeFilter, fieldLabel } from './inventoryLayout';

/** The active filters as chips, each removable, with clear-all (spec 2 section 2). */
export function FilterChips(props: {
  filters: FilterSetting[];
  onEdit(field: string): void;
  onRemove(field: string): void;
  onClearAll(): void;
}) {
  const { t } = useTranslation();
  if (props.filters.length === 0) return null;
  return (
    <div className="inventory-chips" role="list" aria-label={t('inventory:active_filters')}>
      {props.filters.map((f) => (
        <span role="listitem" key={f.field}>
          <Tag large interactive onClick={() => props.onEdit(f.field)} onRemove={() => props.onRemove(f.field)}>
            {fieldLabel(t, f.field)}: {describeFilter(t, f)}
          </Tag>
        </span>
      ))}
      <Button minimal small icon="filter-remove" text={t('inventory:filter_clear_all')} onClick={props.onClearAll} />
    </div>
  );
}
