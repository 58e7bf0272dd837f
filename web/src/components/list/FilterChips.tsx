import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FilterSetting } from '../../../../contract/listQuery';
import { describeFilter, type ListFields } from './listLayout';

export interface FilterChipsProps {
  fields: ListFields;
  filters: FilterSetting[];
  onEdit(field: string): void;
  onRemove(field: string): void;
  onClearAll(): void;
}

/** The active filters as chips, each removable, with clear-all (spec 2 section 2). */
export function FilterChips({ fields, filters, onEdit, onRemove, onClearAll }: FilterChipsProps) {
  const { t } = useTranslation();
  if (filters.length === 0) return null;
  return (
    <div className="list-chips" role="list" aria-label={t('list_active_filters')}>
      {filters.map((f) => (
        <span role="listitem" key={f.field}>
          <Tag size="large" interactive onClick={() => onEdit(f.field)} onRemove={() => onRemove(f.field)}>
            {fields.label(t, f.field)}: {describeFilter(t, fields, f)}
          </Tag>
        </span>
      ))}
      <Button
        variant="minimal"
        size="small"
        icon="filter-remove"
        text={t('list_filter_clear_all')}
        onClick={onClearAll}
      />
    </div>
  );
}
