import { useId, useState } from 'react';
import { Button, FormGroup, Intent, MenuItem, Popover, PopupKind } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { useTranslation } from 'react-i18next';
import { EQUIPMENT_MAX } from '../../../../contract/equipment';
import { LengthCounter } from '../../components/inputs/LengthCounter';
import { useSettled } from '../../components/useSettled';
import { useFieldOptions } from '../../components/equipment/api/fieldOptions';
import { EMPTY_FILTER, hasFilter, type CalendarFilter } from './calendarLayout';

/** Wait this long after the last keystroke before asking for suggestions. Chosen: not in spec. */
const SUGGEST_DEBOUNCE_MS = 250;

/** Each filter field and the equipment field its suggestions come from. */
const FIELDS = [
  { key: 'serialNo', optionType: 'serial', labelKey: 'calendar:filter_serial', max: EQUIPMENT_MAX.serial },
  {
    key: 'systemNickName',
    optionType: 'systemNickName',
    labelKey: 'calendar:filter_nickname',
    max: EQUIPMENT_MAX.systemNickName,
  },
  { key: 'systemID', optionType: 'systemId', labelKey: 'calendar:filter_system_id', max: EQUIPMENT_MAX.systemId },
] as const;

interface FieldSuggestProps {
  id: string;
  optionType: string;
  value: string;
  maxLength: number;
  onChange(value: string): void;
}

/** A free-text filter field with the distinct values of the equipment field as suggestions. */
function FieldSuggest({ id, optionType, value, maxLength, onChange }: FieldSuggestProps) {
  const { t } = useTranslation();
  const keyword = useSettled(value.trim(), SUGGEST_DEBOUNCE_MS);
  const options = useFieldOptions(optionType, keyword);
  const items = options.values;
  return (
    <Suggest<string>
      fill
      items={items}
      query={value}
      selectedItem={null}
      itemListPredicate={(_query, all) => all}
      onQueryChange={onChange}
      onItemSelect={onChange}
      inputValueRenderer={(item) => item}
      itemRenderer={(item, { handleClick, handleFocus, modifiers, ref }) => (
        <MenuItem
          key={item}
          ref={ref}
          roleStructure="listoption"
          active={modifiers.active}
          shouldDismissPopover={false}
          text={item}
          onClick={handleClick}
          onFocus={handleFocus}
        />
      )}
      noResults={
        <MenuItem
          disabled
          roleStructure="listoption"
          text={options.isFetching ? t('calendar:loading') : t('calendar:no_suggestions')}
        />
      }
      popoverProps={{ minimal: true, matchTargetWidth: true, usePortal: false }}
      inputProps={{
        id,
        maxLength,
        placeholder: '',
        rightElement: <LengthCounter id={`${id}-counter`} entered={value.length} max={maxLength} />,
        'aria-describedby': `${id}-counter`,
      }}
    />
  );
}

export interface CalendarFilterPopoverProps {
  filter: CalendarFilter;
  onApply(filter: CalendarFilter): void;
}

/** The filter button and its popover: serial number, system nickname, system ID, Apply and Reset. */
export function CalendarFilterPopover({ filter, onApply }: CalendarFilterPopoverProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(filter);
  const active = hasFilter(filter);

  const content = (
    <form
      className="calendar-filter"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
        setOpen(false);
      }}
    >
      {FIELDS.map((field) => (
        <FormGroup key={field.key} label={t(field.labelKey)} labelFor={`${idPrefix}-${field.key}`}>
          <FieldSuggest
            id={`${idPrefix}-${field.key}`}
            optionType={field.optionType}
            value={draft[field.key]}
            maxLength={field.max}
            onChange={(value) => setDraft((d) => ({ ...d, [field.key]: value }))}
          />
        </FormGroup>
      ))}
      <div className="calendar-filter-actions">
        <Button
          text={t('calendar:filter_reset')}
          onClick={() => {
            setDraft(EMPTY_FILTER);
            onApply(EMPTY_FILTER);
            setOpen(false);
          }}
        />
        <Button type="submit" intent={Intent.PRIMARY} text={t('calendar:filter_apply')} />
      </div>
    </form>
  );

  return (
    <Popover
      isOpen={open}
      onInteraction={(next) => {
        if (next) setDraft(filter);
        setOpen(next);
      }}
      content={content}
      placement="bottom-start"
      popupKind={PopupKind.DIALOG}
      autoFocus
      shouldReturnFocusOnClose
    >
      <Button
        icon="filter"
        data-tour="calendar-filter"
        intent={active ? Intent.PRIMARY : Intent.NONE}
        text={active ? t('calendar:filter_active') : t('calendar:filter')}
        aria-expanded={open}
      />
    </Popover>
  );
}
