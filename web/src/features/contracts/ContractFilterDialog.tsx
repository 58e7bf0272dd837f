import { useState } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  Classes,
  DialogBody,
  DialogFooter,
  FormGroup,
  H6,
  Intent,
  TagInput,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CONTRACT_FILTER_VALUE_MAX, CONTRACT_FILTER_VALUES_MAX } from '../../../../contract/contracts';
import { SERVICE_CONTRACT_TYPES, WARRANTY_CONTRACT_TYPES } from '../../../../contract/equipment';
import { FilterOperator, type FilterSetting } from '../../../../contract/listQuery';
import { RangeFilterEditor } from '../../components/list/RangeFilterEditor';
import { CONTRACT_FIELDS, isCodeField } from './contractFields';
import { PortalDialog } from '../../components/dialog/PortalDialog';

export interface ContractFilterDialogProps {
  /** The column being filtered; null when the dialog is closed. */
  field: string | null;
  filters: FilterSetting[];
  onApply(field: string, filter: FilterSetting | null): void;
  onClose(): void;
}

/**
 * The filter of one contract column: a date range for the dates, the type codes to tick for the type, the billing
 * statuses to look for, and for the numbers the parts to look for (a row shows when its number contains any).
 */
export function ContractFilterDialog({ field, filters, onApply, onClose }: ContractFilterDialogProps) {
  const { t } = useTranslation();
  const kind = field ? CONTRACT_FIELDS.kindOf(field) : 'text';
  const current = filters.find((f) => f.field === field) ?? null;
  const apply = (filter: FilterSetting | null) => field && onApply(field, filter);
  return (
    <PortalDialog
      isOpen={field !== null}
      onClose={onClose}
      title={field ? t('list_filter_title', { column: CONTRACT_FIELDS.label(t, field) }) : ''}
      style={{ width: 440 }}
    >
      {field &&
        (kind === 'date' || kind === 'dateTime' ? (
          <RangeFilterEditor key={field} field={field} kind={kind} current={current} onApply={apply} />
        ) : field === 'contractType' ? (
          <TypeCodeEditor key={field} field={field} current={current} onApply={apply} />
        ) : (
          <TextValuesEditor key={field} field={field} current={current} onApply={apply} />
        ))}
    </PortalDialog>
  );
}

interface EditorProps {
  field: string;
  current: FilterSetting | null;
  onApply(filter: FilterSetting | null): void;
}

/** The filter of a text column from its words and whether blanks count too. */
const textFilter = (field: string, values: string[], blanks: boolean): FilterSetting | null => {
  if (values.length === 0) return blanks ? { field, operator: FilterOperator.Blank, value: [] } : null;
  return { field, operator: FilterOperator.Contains, value: values, includingNull: blanks || undefined };
};

const wordsOf = (current: FilterSetting | null) =>
  current && current.operator !== FilterOperator.Blank ? current.value : [];
const blanksOf = (current: FilterSetting | null) =>
  current?.operator === FilterOperator.Blank || current?.includingNull === true;

function TextValuesEditor({ field, current, onApply }: EditorProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<string[]>(() => wordsOf(current));
  const [blanks, setBlanks] = useState(() => blanksOf(current));
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = `contract-filter-${field}`;

  const code = isCodeField(field);
  /** The values with `added` (typed or pasted), or null and the problem shown when too long or too many. */
  const withAdded = (added: string[]): string[] | null => {
    // Codes are capitals (the contract matches them whole), so "open" finds OPEN.
    const fresh = added.map((v) => (code ? v.trim().toUpperCase() : v.trim())).filter((v) => v !== '');
    if (fresh.some((v) => v.length > CONTRACT_FILTER_VALUE_MAX)) {
      setProblem(t('contracts:filter_value_too_long', { max: CONTRACT_FILTER_VALUE_MAX }));
      return null;
    }
    const next = [...new Set([...values, ...fresh])];
    if (next.length > CONTRACT_FILTER_VALUES_MAX) {
      setProblem(t('contracts:filter_too_many_values', { max: CONTRACT_FILTER_VALUES_MAX }));
      return null;
    }
    setProblem(null);
    return next;
  };

  return (
    <>
      <DialogBody>
        <FormGroup
          label={t('contracts:filter_values_label')}
          labelFor={inputId}
          helperText={t(code ? 'contracts:filter_codes_hint' : 'contracts:filter_values_hint')}
        >
          <TagInput
            values={values}
            inputValue={typed}
            onInputChange={(e) => setTyped(e.currentTarget.value)}
            onAdd={(added) => {
              const next = withAdded(added);
              if (!next) return false;
              setValues(next);
              setTyped('');
            }}
            onRemove={(_, index) => setValues((v) => v.filter((_value, i) => i !== index))}
            addOnBlur
            addOnPaste
            leftIcon="search"
            inputProps={{ id: inputId }}
            tagProps={{ minimal: true }}
            placeholder={t('contracts:filter_values_placeholder')}
          />
        </FormGroup>
        <Checkbox label={t('list_filter_blank')} checked={blanks} onChange={() => setBlanks((b) => !b)} />
        {problem && <Callout intent={Intent.DANGER}>{problem}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('list_filter_clear')} onClick={() => onApply(null)} />
            <Button
              intent={Intent.PRIMARY}
              text={t('list_filter_apply')}
              onClick={() => {
                // A value typed but not yet added with Enter counts too.
                const next = withAdded([typed]);
                if (next) onApply(textFilter(field, next, blanks));
              }}
            />
          </>
        }
      />
    </>
  );
}

/** The contract type: the warranty and service codes of the spec to tick (spec 1 section 9). */
function TypeCodeEditor({ field, current, onApply }: EditorProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Set<string>>(() => new Set(wordsOf(current)));
  const toggle = (code: string) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });
  const group = (category: 'warranty' | 'service', codes: readonly string[]) => {
    const all = codes.every((c) => picked.has(c));
    const labelId = `contract-type-${category}`;
    return (
      <div className={Classes.FORM_GROUP} role="group" aria-labelledby={labelId}>
        <H6 id={labelId}>{t(`contracts:category_${category}`)}</H6>
        <Checkbox
          label={t('list_filter_select_all')}
          checked={all}
          indeterminate={!all && codes.some((c) => picked.has(c))}
          onChange={() =>
            setPicked((p) => {
              const next = new Set(p);
              for (const c of codes) {
                if (all) next.delete(c);
                else next.add(c);
              }
              return next;
            })
          }
        />
        <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16 }}>
          {codes.map((code) => (
            <Checkbox key={code} label={code} checked={picked.has(code)} onChange={() => toggle(code)} />
          ))}
        </div>
      </div>
    );
  };
  return (
    <>
      <DialogBody>
        {group('warranty', WARRANTY_CONTRACT_TYPES)}
        {group('service', SERVICE_CONTRACT_TYPES)}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('list_filter_clear')} onClick={() => onApply(null)} />
            <Button
              intent={Intent.PRIMARY}
              text={t('list_filter_apply')}
              onClick={() => onApply(textFilter(field, [...picked], false))}
            />
          </>
        }
      />
    </>
  );
}
