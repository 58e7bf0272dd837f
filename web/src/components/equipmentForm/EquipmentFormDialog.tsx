import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Tab,
  Tabs,
  TextArea,
} from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EQUIPMENT_CODES, EQUIPMENT_MAX, type Equipment } from '../../../../contract/equipment';
import { MODAL_WIDTH } from '../../../../contract/limits';
import { useDiscardConfirmation } from '../confirm/useConfirmation';
import { LocationOptions } from '../LocationOptions';
import { getToaster } from '../toaster';
import { equipmentKeys } from '../../lib/equipmentKeys';
import { configurationKeys } from '../config/api/configurationKeys';
import { saveEquipment, searchModels, searchVendors } from './api/equipmentForm';
import { useCurrentSession } from '../../lib/currentUser';
import { useUnsavedData } from '../../lib/unsavedData';
import { ContractFields } from './ContractFields';
import {
  ADDITIONAL_FIELDS,
  BASIC_FIELDS,
  constructionYears,
  draftOf,
  errorCountByTab,
  hasContractTab,
  instrumentAgeOf,
  isDirty,
  MONTHS,
  parseDraft,
  withChange,
  type Draft,
  type FieldSpec,
  type TabId,
} from './equipmentDraft';
import { EQUIPMENT_FIELD_LABEL_KEYS, type EquipmentLabelledField } from './fieldLabels';
import { TextSuggest } from './TextSuggest';
import { useErrorMessage } from './useErrorMessage';
import { PortalDialog } from '../dialog/PortalDialog';
import { CountedInput } from '../inputs/LengthCounter';

export interface EquipmentFormDialogProps {
  isOpen: boolean;
  /** The equipment to edit; null adds new (user-added) equipment. */
  equipment: Equipment | null;
  onClose(): void;
  /** After a successful save (the dialog then closes itself through onClose). */
  onSaved(equipment: Equipment): void;
}

/** Add or edit equipment (spec 2 sections 2, 4 and 5): tabs Basic info, Additional info and Contract info. */
export function EquipmentFormDialog(props: EquipmentFormDialogProps) {
  if (!props.isOpen) return null;
  return <EquipmentForm key={props.equipment?.equipmentId ?? 'new'} {...props} />;
}

const TAB_ORDER: TabId[] = ['basic', 'additional', 'contract'];
const GRID = { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: 16 } as const;

function EquipmentForm({ equipment, onClose, onSaved }: EquipmentFormDialogProps) {
  const { t } = useTranslation();
  const messageOf = useErrorMessage();
  const { user } = useCurrentSession();
  const queryClient = useQueryClient();
  const locations = user.userLocation.customer.customerLocations;
  const [initial] = useState(() => draftOf(equipment, user.locationId ?? locations[0]?.locationId ?? null));
  const [draft, setDraft] = useState<Draft>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [tab, setTab] = useState<TabId>('basic');
  const [now] = useState(() => new Date());
  const [pickedContractId, setPickedContractId] = useState(initial['contract.contractId'] ?? '');
  const dirty = isDirty(draft, initial);
  useUnsavedData(dirty);
  const withContract = hasContractTab(equipment);
  const idPrefix = `equipment-form-${equipment?.equipmentId ?? 'new'}`;

  // Checked on every change (spec 2 section 5); shown for the fields changed so far, and for all after a submit.
  const parsed = useMemo(() => parseDraft(draft, equipment), [draft, equipment]);
  const contractTouched = [...touched].some((k) => k.startsWith('contract.'));
  const shown = new Map(
    [...parsed.errors].filter(
      ([key]) => submitted || touched.has(key) || (contractTouched && key.startsWith('contract.')),
    ),
  );
  const counts = errorCountByTab(shown);

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => saveEquipment(body, equipment !== null),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
      void getToaster().then((toaster) =>
        toaster.show({
          message: equipment ? t('equipmentForm:saved_edited') : t('equipmentForm:saved_added'),
          intent: Intent.SUCCESS,
          icon: 'tick',
        }),
      );
      onSaved(saved);
      onClose();
    },
  });

  const change = (key: string) => (value: string) => {
    setDraft((d) => withChange(d, key, value));
    setTouched((s) => (s.has(key) ? s : new Set(s).add(key)));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    if (parsed.errors.size > 0) {
      const all = errorCountByTab(parsed.errors);
      if (all[tab] === 0) setTab(TAB_ORDER.find((id) => all[id] > 0) ?? tab);
      void getToaster().then((toaster) =>
        toaster.show({ message: t('validation_failed_tip'), intent: Intent.WARNING, icon: 'warning-sign' }),
      );
      return;
    }
    save.mutate(parsed.body!);
  };

  const { requestClose, element: discardQuestion } = useDiscardConfirmation({ dirty, busy: save.isPending, onClose });

  const label = (name: string) => t(EQUIPMENT_FIELD_LABEL_KEYS[name as EquipmentLabelledField]);

  const group = (key: string, text: string, control: ReactNode, required = false) => {
    const error = shown.get(key);
    return (
      <FormGroup
        key={key}
        label={text}
        labelFor={`${idPrefix}-${key}`}
        labelInfo={required ? '*' : undefined}
        intent={error ? Intent.DANGER : Intent.NONE}
        helperText={error ? messageOf(error) : undefined}
      >
        {control}
      </FormGroup>
    );
  };

  const intentOf = (key: string) => (shown.has(key) ? Intent.DANGER : Intent.NONE);

  const field = (spec: FieldSpec) => {
    const id = `${idPrefix}-${spec.name}`;
    const value = draft[spec.name] ?? '';
    const onChange = change(spec.name);
    let control: ReactNode;
    switch (spec.kind) {
      case 'textarea':
        control = (
          <TextArea
            id={id}
            fill
            rows={3}
            maxLength={spec.max}
            value={value}
            intent={intentOf(spec.name)}
            onChange={(e) => onChange(e.target.value)}
          />
        );
        break;
      case 'boolean':
        control = (
          <HTMLSelect id={id} fill value={value} onChange={(e) => onChange(e.currentTarget.value)}>
            <option value="">{t('equipmentForm:choose')}</option>
            <option value="true">{t('equipmentForm:yes')}</option>
            <option value="false">{t('equipmentForm:no')}</option>
          </HTMLSelect>
        );
        break;
      case 'code': {
        const codes: readonly string[] = EQUIPMENT_CODES[spec.codes!];
        control = (
          <HTMLSelect id={id} fill value={value} onChange={(e) => onChange(e.currentTarget.value)}>
            <option value="">{t('equipmentForm:choose')}</option>
            {codes.map((c) => (
              <option key={c} value={c}>
                {t(`equipmentForm:code_${spec.codes}_${c}`)}
              </option>
            ))}
            {value !== '' && !codes.includes(value) && <option value={value}>{value}</option>}
          </HTMLSelect>
        );
        break;
      }
      default: {
        const props = {
          id,
          type:
            spec.kind === 'date' ? 'date' : spec.kind === 'email' ? 'email' : spec.kind === 'phone' ? 'tel' : 'text',
          value,
          intent: intentOf(spec.name),
          'aria-invalid': shown.has(spec.name) || undefined,
          onValueChange: onChange,
        };
        control = <CountedInput {...props} maxLength={spec.max} hideCounter={spec.kind === 'date'} />;
      }
    }
    return group(spec.name, label(spec.name), control);
  };

  const age = instrumentAgeOf(draft.equipConstrYear ?? '', draft.equipConstrMonth ?? '', now);
  const years = constructionYears(now, initial.equipConstrYear);

  const basic = (
    <div style={GRID}>
      {group(
        'locationId',
        label('location.city'),
        <HTMLSelect
          id={`${idPrefix}-locationId`}
          fill
          value={draft.locationId}
          onChange={(e) => change('locationId')(e.currentTarget.value)}
        >
          {draft.locationId === '' && <option value="">{t('equipmentForm:choose')}</option>}
          <LocationOptions locations={locations} />
        </HTMLSelect>,
        true,
      )}
      {group(
        'mfg',
        label('mfg'),
        <TextSuggest<string>
          id={`${idPrefix}-mfg`}
          value={draft.mfg ?? ''}
          onChange={change('mfg')}
          queryKey={configurationKeys.vendors()}
          fetchItems={searchVendors}
          itemText={(s) => s}
          noResults={t('equipmentForm:no_suggestions')}
          maxLength={EQUIPMENT_MAX.mfg}
          intent={intentOf('mfg')}
        />,
        true,
      )}
      {group(
        'model',
        label('model'),
        <TextSuggest<string>
          id={`${idPrefix}-model`}
          value={draft.model ?? ''}
          onChange={change('model')}
          queryKey={configurationKeys.models(draft.mfg?.trim() ?? '')}
          fetchItems={(keyword) => searchModels(keyword, draft.mfg?.trim() || undefined)}
          itemText={(s) => s}
          noResults={t('equipmentForm:no_suggestions')}
          maxLength={EQUIPMENT_MAX.modelForm}
          intent={intentOf('model')}
        />,
        true,
      )}
      {BASIC_FIELDS.map(field)}
      {group(
        'equipConstrYear',
        label('equipConstrYear'),
        <HTMLSelect
          id={`${idPrefix}-equipConstrYear`}
          fill
          value={draft.equipConstrYear}
          onChange={(e) => change('equipConstrYear')(e.currentTarget.value)}
        >
          <option value="">{t('equipmentForm:choose')}</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </HTMLSelect>,
      )}
      {group(
        'equipConstrMonth',
        label('equipConstrMonth'),
        <HTMLSelect
          id={`${idPrefix}-equipConstrMonth`}
          fill
          value={draft.equipConstrMonth}
          onChange={(e) => change('equipConstrMonth')(e.currentTarget.value)}
        >
          <option value="">{t('equipmentForm:choose')}</option>
          {MONTHS.map((m) => (
            <option key={m} value={m}>
              {`${m} – ${dayjs()
                .month(m - 1)
                .format('MMMM')}`}
            </option>
          ))}
        </HTMLSelect>,
      )}
      {group(
        'instrumentAge',
        label('instrumentAge'),
        <InputGroup
          id={`${idPrefix}-instrumentAge`}
          readOnly
          value={age === null ? '' : String(age)}
          placeholder={t('equipmentForm:age_needs_year')}
        />,
      )}
    </div>
  );

  const additional = <div style={GRID}>{ADDITIONAL_FIELDS.map(field)}</div>;

  const contractPanel = (
    <ContractFields
      idPrefix={idPrefix}
      draft={draft}
      errors={shown}
      pickedContractId={pickedContractId}
      onChange={(key, value) => change(key)(value)}
      onPick={(next, contractId) => {
        setPickedContractId(contractId);
        setDraft(next);
        setTouched((s) => new Set(s).add('contract.contractId'));
      }}
    />
  );

  const tabTitle = (id: TabId, text: string) => {
    const badge = {
      intent: Intent.DANGER,
      round: true,
      minimal: false,
      title: t('equipmentForm:tab_errors', { count: counts[id] }),
      'data-testid': `equipment-form-tab-errors-${id}`,
    };
    return (
      <Tab
        id={id}
        title={text}
        tagContent={counts[id] > 0 ? counts[id] : undefined}
        tagProps={badge}
        panel={id === 'basic' ? basic : id === 'additional' ? additional : contractPanel}
      />
    );
  };

  return (
    <>
      <PortalDialog
        isOpen
        onClose={requestClose}
        title={equipment ? t('equipmentForm:title_edit') : t('equipmentForm:title_add')}
        icon={equipment ? 'edit' : 'add'}
        style={{ width: MODAL_WIDTH.default, maxWidth: '95vw' }}
      >
        <form
          onSubmit={submit}
          noValidate
          aria-label={equipment ? t('equipmentForm:title_edit') : t('equipmentForm:title_add')}
        >
          <DialogBody>
            {save.isError && (
              <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 12 }}>
                {t('equipmentForm:save_failed')}
              </Callout>
            )}
            <Tabs
              id={`${idPrefix}-tabs`}
              selectedTabId={tab}
              onChange={(id) => setTab(id as TabId)}
              renderActiveTabPanelOnly
            >
              {tabTitle('basic', t('equipmentForm:tab_basic'))}
              {tabTitle('additional', t('equipmentForm:tab_additional'))}
              {withContract && tabTitle('contract', t('equipmentForm:tab_contract'))}
            </Tabs>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('cancel')} onClick={requestClose} disabled={save.isPending} />
                <Button type="submit" intent={Intent.PRIMARY} text={t('equipmentForm:save')} loading={save.isPending} />
              </>
            }
          />
        </form>
      </PortalDialog>
      {discardQuestion}
    </>
  );
}
