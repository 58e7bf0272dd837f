import { useMemo, useState } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  Spinner,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EQUIPMENT_FILTER_FIELDS_PAGE_SIZE } from '../../../../contract/equipment';
import { FilterOperator, type FilterSetting } from '../../../../contract/listQuery';
import { client, resultOf } from '../../lib/api';
import { fieldKind, fieldLabel } from './inventoryLayout';

interface Props {
  field: string | null;
  filters: FilterSetting[];
  keyword: string;
  onApply(field: string, filter: FilterSetting | null): void;
  onClose(): void;
}

/** The filter of one column: a checklist of suggestions, or a range for numbers and dates (spec 2 section 2). */
export function ColumnFilterDialog({ field, filters, keyword, onApply, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={field !== null}
      onClose={onClose}
      title={field ? t('inventory:filter_title', { column: fieldLabel(t, field) }) : ''}
      style={{ width: 420 }}
    >
      {field && (
        <FilterEditor
          key={field}
          field={field}
          current={filters.find((f) => f.field === field) ?? null}
          others={filters.filter((f) => f.field !== field)}
          keyword={keyword}
          onApply={(filter) => onApply(field, filter)}
        />
      )}
    </Dialog>
  );
}

interface EditorProps {
  field: string;
  current: FilterSetting | null;
  others: FilterSetting[];
  keyword: string;
  onApply(filter: FilterSetting | null): void;
}

function FilterEditor(props: EditorProps) {
  const kind = fieldKind(props.field);
  return kind === 'number' || kind === 'date' ? <RangeEditor {...props} kind={kind} /> : <ChecklistEditor {...props} />;
}

function RangeEditor({ field, current, onApply, kind }: EditorProps & { kind: 'number' | 'date' }) {
  const { t } = useTranslation();
  const initial = (() => {
    if (!current) return ['', ''];
    if (current.operator === FilterOperator.Between) return [current.value[0] ?? '', current.value[1] ?? ''];
    if (current.operator === FilterOperator.From) return [current.value[0] ?? '', ''];
    if (current.operator === FilterOperator.To) return ['', current.value[0] ?? ''];
    return ['', ''];
  })();
  const [from, setFrom] = useState(initial[0]!);
  const [to, setTo] = useState(initial[1]!);
  const [blank, setBlank] = useState(current?.operator === FilterOperator.Blank ? 'blank' : 'range');
  const invalid = kind === 'number' && [from, to].some((v) => v !== '' && !Number.isFinite(Number(v)));
  const reversed = from !== '' && to !== '' && (kind === 'number' ? Number(from) > Number(to) : from > to);

  const apply = () => {
    if (blank === 'blank') return onApply({ field, operator: FilterOperator.Blank, value: [] });
    if (blank === 'notBlank') return onApply({ field, operator: FilterOperator.NotBlank, value: [] });
    if (from && to) return onApply({ field, operator: FilterOperator.Between, value: [from, to] });
    if (from) return onApply({ field, operator: FilterOperator.From, value: [from] });
    if (to) return onApply({ field, operator: FilterOperator.To, value: [to] });
    onApply(null);
  };
  return (
    <>
      <DialogBody>
        <RadioGroup selectedValue={blank} onChange={(e) => setBlank(e.currentTarget.value)}>
          <Radio value="range" label={t('inventory:filter_range')} />
          <Radio value="blank" label={t('inventory:filter_blank')} />
          <Radio value="notBlank" label={t('inventory:filter_not_blank')} />
        </RadioGroup>
        <FormGroup label={t('inventory:filter_from')} labelFor="filter-from" disabled={blank !== 'range'}>
          <InputGroup
            id="filter-from"
            type={kind === 'date' ? 'date' : 'number'}
            value={from}
            disabled={blank !== 'range'}
            onChange={(e) => setFrom(e.target.value)}
          />
        </FormGroup>
        <FormGroup label={t('inventory:filter_to')} labelFor="filter-to" disabled={blank !== 'range'}>
          <InputGroup
            id="filter-to"
            type={kind === 'date' ? 'date' : 'number'}
            value={to}
            disabled={blank !== 'range'}
            onChange={(e) => setTo(e.target.value)}
          />
        </FormGroup>
        {(invalid || reversed) && blank === 'range' && (
          <Callout intent={Intent.DANGER}>{t('inventory:filter_range_invalid')}</Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('inventory:filter_clear')} onClick={() => onApply(null)} />
            <Button
              intent={Intent.PRIMARY}
              text={t('inventory:filter_apply')}
              disabled={blank === 'range' && (invalid || reversed)}
              onClick={apply}
            />
          </>
        }
      />
    </>
  );
}

const BLANK = '\u0000blank';

function ChecklistEditor({ field, current, others, keyword, onApply }: EditorProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const suggestions = useQuery({
    queryKey: ['equipment', 'filterFields', field, others, keyword],
    queryFn: () =>
      resultOf(
        client.equipment.filterFields({
          body: {
            pageSize: EQUIPMENT_FILTER_FIELDS_PAGE_SIZE,
            pageIndex: 0,
            selectFields: [field],
            filterSettings: others,
            fullTextSearchSetting: keyword ? { keyword } : null,
            isFollowed: true,
            listType: 'inventory',
          },
        }),
      ),
  });
  const values = useMemo(
    () => (suggestions.data?.[field] ?? []).map((v) => (v === null ? BLANK : v)),
    [suggestions.data, field],
  );
  const [picked, setPicked] = useState<Set<string>>(() => {
    if (!current) return new Set();
    if (current.operator === FilterOperator.Blank) return new Set([BLANK]);
    return new Set([...current.value, ...(current.includingNull ? [BLANK] : [])]);
  });
  const [notBlank, setNotBlank] = useState(current?.operator === FilterOperator.NotBlank);
  const label = (v: string) =>
    v === BLANK ? t('inventory:filter_blank') : fieldKind(field) === 'boolean' ? t(`inventory:bool_${v}`) : v;
  const shown = values.filter((v) => label(v).toLowerCase().includes(search.trim().toLowerCase()));
  const full = values.length >= EQUIPMENT_FILTER_FIELDS_PAGE_SIZE;
  const allPicked = shown.length > 0 && shown.every((v) => picked.has(v));

  const toggle = (v: string) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(v)) next.delete(v);
      else next.add(v);
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
          placeholder={t('inventory:filter_search')}
          aria-label={t('inventory:filter_search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          disabled={notBlank}
        />
        <Checkbox
          className="inventory-filter-notblank"
          label={t('inventory:filter_not_blank')}
          checked={notBlank}
          onChange={() => setNotBlank((v) => !v)}
        />
        {suggestions.isPending ? (
          <Spinner size={20} />
        ) : (
          <div className="inventory-filter-list" role="group" aria-label={fieldLabel(t, field)}>
            {!full && shown.length > 1 && (
              <Checkbox
                label={t('inventory:filter_select_all')}
                checked={allPicked}
                indeterminate={!allPicked && shown.some((v) => picked.has(v))}
                disabled={notBlank}
                onChange={() =>
                  setPicked((p) => {
                    const next = new Set(p);
                    for (const v of shown) {
                      if (allPicked) next.delete(v);
                      else next.add(v);
                    }
                    return next;
                  })
                }
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
            {shown.length === 0 && <p className={Classes.TEXT_MUTED}>{t('inventory:filter_no_values')}</p>}
            {full && (
              <p className={Classes.TEXT_MUTED}>{t('inventory:filter_first_values', { count: values.length })}</p>
            )}
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('inventory:filter_clear')} onClick={() => onApply(null)} />
            <Button intent={Intent.PRIMARY} text={t('inventory:filter_apply')} onClick={apply} />
          </>
        }
      />
    </>
  );
}
