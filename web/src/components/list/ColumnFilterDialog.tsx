import { useState } from 'react';
import { Button, Checkbox, Classes, DialogBody, DialogFooter, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FilterOperator, type FilterSetting } from '../../../../contract/listQuery';
import type { ListFields } from './listLayout';
import { LoadFailedCallout } from '../LoadFailedCallout';
import { RangeFilterEditor } from './RangeFilterEditor';
import { PortalDialog } from '../dialog/PortalDialog';
import { useFilterValues, type FilterSuggestions } from './useFilterValues';

export interface ColumnFilterDialogProps {
  /** The column being filtered; null when the dialog is closed. */
  field: string | null;
  fields: ListFields;
  suggestions: FilterSuggestions;
  filters: FilterSetting[];
  keyword: string;
  onApply(field: string, filter: FilterSetting | null): void;
  onClose(): void;
}

/** The filter of one column: a checklist of suggestions, or a range for numbers and dates (spec 2 section 2). */
export function ColumnFilterDialog({
  field,
  fields,
  suggestions,
  filters,
  keyword,
  onApply,
  onClose,
}: ColumnFilterDialogProps) {
  const { t } = useTranslation();
  const kind = field ? fields.kindOf(field) : 'text';
  const current = filters.find((f) => f.field === field) ?? null;
  return (
    <PortalDialog
      isOpen={field !== null}
      onClose={onClose}
      title={field ? t('list_filter_title', { column: fields.label(t, field) }) : ''}
      style={{ width: 420 }}
    >
      {field &&
        (kind === 'text' || kind === 'boolean' ? (
          <ChecklistEditor
            key={field}
            field={field}
            fields={fields}
            suggestions={suggestions}
            current={current}
            others={filters.filter((f) => f.field !== field)}
            keyword={keyword}
            onApply={(filter) => onApply(field, filter)}
          />
        ) : (
          <RangeFilterEditor
            key={field}
            field={field}
            kind={kind}
            current={current}
            onApply={(filter) => onApply(field, filter)}
          />
        ))}
    </PortalDialog>
  );
}

interface ChecklistEditorProps {
  field: string;
  fields: ListFields;
  suggestions: FilterSuggestions;
  current: FilterSetting | null;
  others: FilterSetting[];
  keyword: string;
  onApply(filter: FilterSetting | null): void;
}

const BLANK = '\u0000blank';

function ChecklistEditor({ field, fields, suggestions, current, others, keyword, onApply }: ChecklistEditorProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { found, searched, words } = useFilterValues(suggestions, field, others, keyword, search);
  const [picked, setPicked] = useState<Set<string>>(() => {
    if (!current) return new Set();
    if (current.operator === FilterOperator.Blank) return new Set([BLANK]);
    return new Set([...current.value, ...(current.includingNull ? [BLANK] : [])]);
  });
  const [notBlank, setNotBlank] = useState(current?.operator === FilterOperator.NotBlank);
  const label = (v: string) =>
    v === BLANK
      ? t('list_filter_blank')
      : fields.kindOf(field) === 'boolean'
        ? t(`list_bool_${v}`)
        : (fields.valueLabel?.(t, field, v) ?? v);
  const values = (found.data?.values ?? []).map((v) => (v === null ? BLANK : v));
  // The server searched the values; else the loaded values are all there are, narrowed here by what they show.
  const shown = searched ? values : values.filter((v) => label(v).toLowerCase().includes(search.trim().toLowerCase()));
  // Checked values the search no longer shows stay checked, and shown, above the others.
  const kept = [...picked].filter((v) => !shown.includes(v));
  const more = found.data?.more === true;
  const allPicked = shown.length > 0 && shown.every((v) => picked.has(v));

  const toggle = (v: string) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(v)) next.delete(v);
      else next.add(v);
      return next;
    });
  const toggleShown = () =>
    setPicked((p) => {
      const next = new Set(p);
      for (const v of shown) {
        if (allPicked) next.delete(v);
        else next.add(v);
      }
      return next;
    });

  const apply = () => {
    if (notBlank) return onApply({ field, operator: FilterOperator.NotBlank, value: [] });
    const chosen = [...picked].filter((v) => v !== BLANK);
    const withBlank = picked.has(BLANK);
    if (chosen.length === 0) return onApply(withBlank ? { field, operator: FilterOperator.Blank, value: [] } : null);
    onApply({ field, operator: FilterOperator.In, value: chosen, includingNull: withBlank || undefined });
  };

  return (
    <>
      <DialogBody>
        <InputGroup
          leftIcon="search"
          placeholder={t('list_filter_search')}
          aria-label={t('list_filter_search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          disabled={notBlank}
        />
        <Checkbox
          className="list-filter-notblank"
          label={t('list_filter_not_blank')}
          checked={notBlank}
          onChange={() => setNotBlank((v) => !v)}
        />
        {found.isPending ? (
          <Spinner size={20} />
        ) : found.isError ? (
          <LoadFailedCallout
            title={t('list_filter_values_failed')}
            error={found.error}
            onRetry={() => void found.refetch()}
            compact
          />
        ) : (
          <div
            className="list-filter-values"
            role="group"
            aria-label={fields.label(t, field)}
            aria-busy={found.isFetching}
          >
            {kept.map((v) => (
              <Checkbox key={v} label={label(v)} checked disabled={notBlank} onChange={() => toggle(v)} />
            ))}
            {!more && shown.length > 1 && (
              <Checkbox
                label={t('list_filter_select_all')}
                checked={allPicked}
                indeterminate={!allPicked && shown.some((v) => picked.has(v))}
                disabled={notBlank}
                onChange={toggleShown}
              />
            )}
            {shown.map((v) => (
              <Checkbox
                key={v}
                label={label(v)}
                checked={picked.has(v)}
                disabled={notBlank}
                onChange={() => toggle(v)}
              />
            ))}
            {shown.length === 0 && <p className={Classes.TEXT_MUTED}>{t('list_filter_no_values')}</p>}
            {more && (
              <p className={Classes.TEXT_MUTED} role="status">
                {searched
                  ? t('list_filter_more_matches', { count: values.length, words })
                  : t('list_filter_first_values', { count: values.length })}
              </p>
            )}
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('list_filter_clear')} onClick={() => onApply(null)} />
            <Button intent={Intent.PRIMARY} text={t('list_filter_apply')} onClick={apply} />
          </>
        }
      />
    </>
  );
}
