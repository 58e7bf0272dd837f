import { useState } from 'react';
import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FilterOperator, type FilterSetting } from '../../../../contract/listQuery';
import { RANGE_FILTER_INPUT_MAX } from '../../../../contract/limits';
import { NumberInput } from '../inputs/NumberInput';
import type { FieldKind } from './listLayout';

export interface RangeFilterEditorProps {
  field: string;
  kind: Extract<FieldKind, 'number' | 'date' | 'dateTime'>;
  current: FilterSetting | null;
  onApply(filter: FilterSetting | null): void;
}

/** A date-time field is filtered by whole days: the upper bound is the end of the day picked. */
const END_OF_DAY = 'T23:59:59.999';

/** The bounds of the current filter as the inputs show them. */
function initialBounds(current: FilterSetting | null): [string, string] {
  const day = (v: string | undefined) => (v ?? '').replace(END_OF_DAY, '');
  if (!current) return ['', ''];
  if (current.operator === FilterOperator.Between) return [day(current.value[0]), day(current.value[1])];
  if (current.operator === FilterOperator.From) return [day(current.value[0]), ''];
  if (current.operator === FilterOperator.To) return ['', day(current.value[0])];
  return ['', ''];
}

/** The filter of a number or date column: a range, blanks, or not blank (spec 2 section 2). */
export function RangeFilterEditor({ field, kind, current, onApply }: RangeFilterEditorProps) {
  const { t } = useTranslation();
  const [initialFrom, initialTo] = initialBounds(current);
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [choice, setChoice] = useState(
    current?.operator === FilterOperator.Blank
      ? 'blank'
      : current?.operator === FilterOperator.NotBlank
        ? 'notBlank'
        : 'range',
  );
  const invalid = kind === 'number' && [from, to].some((v) => v !== '' && !Number.isFinite(Number(v)));
  const reversed = from !== '' && to !== '' && (kind === 'number' ? Number(from) > Number(to) : from > to);
  const upper = kind === 'dateTime' && to ? `${to}${END_OF_DAY}` : to;
  const bound = (id: string, value: string, onChange: (value: string) => void) =>
    kind === 'number' ? (
      <NumberInput
        id={id}
        value={value}
        maxLength={RANGE_FILTER_INPUT_MAX}
        disabled={choice !== 'range'}
        onValueChange={onChange}
      />
    ) : (
      <InputGroup id={id} type="date" value={value} disabled={choice !== 'range'} onValueChange={onChange} />
    );

  const apply = () => {
    if (choice === 'blank') return onApply({ field, operator: FilterOperator.Blank, value: [] });
    if (choice === 'notBlank') return onApply({ field, operator: FilterOperator.NotBlank, value: [] });
    if (from && to) return onApply({ field, operator: FilterOperator.Between, value: [from, upper] });
    if (from) return onApply({ field, operator: FilterOperator.From, value: [from] });
    if (to) return onApply({ field, operator: FilterOperator.To, value: [upper] });
    onApply(null);
  };
  return (
    <>
      <DialogBody>
        <RadioGroup selectedValue={choice} onChange={(e) => setChoice(e.currentTarget.value)}>
          <Radio value="range" label={t('list_filter_range')} />
          <Radio value="blank" label={t('list_filter_blank')} />
          <Radio value="notBlank" label={t('list_filter_not_blank')} />
        </RadioGroup>
        <FormGroup label={t('list_filter_from')} labelFor="filter-from" disabled={choice !== 'range'}>
          {bound('filter-from', from, setFrom)}
        </FormGroup>
        <FormGroup label={t('list_filter_to')} labelFor="filter-to" disabled={choice !== 'range'}>
          {bound('filter-to', to, setTo)}
        </FormGroup>
        {(invalid || reversed) && choice === 'range' && (
          <Callout intent={Intent.DANGER}>{t('list_filter_range_invalid')}</Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('list_filter_clear')} onClick={() => onApply(null)} />
            <Button
              intent={Intent.PRIMARY}
              text={t('list_filter_apply')}
              disabled={choice === 'range' && (invalid || reversed)}
              onClick={apply}
            />
          </>
        }
      />
    </>
  );
}
