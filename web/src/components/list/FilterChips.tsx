import { Button, ButtonGroup } from '@blueprintjs/core';
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

/**
 * The active filters as chips, each removable, with clear-all (spec 2 section 2). A chip is two sibling buttons
 * (edit, remove) rather than a clickable tag holding a button, which would nest one control in another.
 */
export function FilterChips({ fields, filters, onEdit, onRemove, onClearAll }: FilterChipsProps) {
  const { t } = useTranslation();
  if (filters.length === 0) return null;
  return (
    <div className="list-chips">
      <ul className="list-chips-list" aria-label={t('list_active_filters')}>
        {filters.map((f) => {
          const column = fields.label(t, f.field);
          return (
            <li key={f.field}>
              <ButtonGroup className="list-chip">
                <Button size="small" onClick={() => onEdit(f.field)}>
                  {column}: {describeFilter(t, fields, f)}
                </Button>
                <Button
                  size="small"
                  icon="small-cross"
                  aria-label={t('list_filter_remove', { column })}
                  onClick={() => onRemove(f.field)}
                />
              </ButtonGroup>
            </li>
          );
        })}
      </ul>
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
