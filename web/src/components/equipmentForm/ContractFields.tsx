import type { ReactNode } from 'react';
import { Callout, FormGroup, HTMLSelect, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { contract } from '../../../../contract';
import {
  SERVICE_CONTRACT_TYPES,
  WARRANTY_CONTRACT_TYPES,
  type EquipmentContract,
} from '../../../../contract/equipment';
import { equipmentKeys } from '../../lib/equipmentKeys';
import { searchContracts, useContractEquipmentCount } from './api/equipmentForm';
import { useMayCall } from '../../lib/access';
import { formatDate } from '../../lib/dates';
import {
  CONTRACT_MAX,
  contractKey,
  withContract,
  type ContractField,
  type Draft,
  type FieldError,
} from './equipmentDraft';
import { useErrorMessage } from './useErrorMessage';
import { TextSuggest } from './TextSuggest';
import { CountedInput } from '../inputs/LengthCounter';

export interface ContractFieldsProps {
  idPrefix: string;
  draft: Draft;
  errors: ReadonlyMap<string, FieldError>;
  /** The contract picked from the list (or the one the equipment had): its equipment count is shown. */
  pickedContractId: string;
  onChange(key: string, value: string): void;
  /** A contract was picked: the draft with every contract field filled from it, and its number. */
  onPick(draft: Draft, contractId: string): void;
}

/** The Contract info tab: contract autocomplete, the count of equipment under the contract, and its fields. */
export function ContractFields({ idPrefix, draft, errors, pickedContractId, onChange, onPick }: ContractFieldsProps) {
  const { t } = useTranslation();
  const messageOf = useErrorMessage();
  const value = (field: ContractField) => draft[contractKey(field)] ?? '';
  const number = value('contractId').trim();

  const maySearchContracts = useMayCall(contract.equipment.contracts);
  const isPicked = number !== '' && number === pickedContractId;
  const count = useContractEquipmentCount(number, isPicked);

  const group = (field: ContractField, control: ReactNode) => {
    const key = contractKey(field);
    const error = errors.get(key);
    return (
      <FormGroup
        label={t(`equipmentForm:contract_${field}`)}
        labelFor={`${idPrefix}-${key}`}
        intent={error ? Intent.DANGER : Intent.NONE}
        helperText={error ? messageOf(error) : undefined}
      >
        {control}
      </FormGroup>
    );
  };
  const intentOf = (field: ContractField) => (errors.has(contractKey(field)) ? Intent.DANGER : Intent.NONE);
  const input = (field: ContractField, type: 'text' | 'date' = 'text') =>
    group(
      field,
      <CountedInput
        id={`${idPrefix}-${contractKey(field)}`}
        type={type}
        maxLength={CONTRACT_MAX[field]}
        hideCounter={type === 'date'}
        value={value(field)}
        intent={intentOf(field)}
        aria-invalid={errors.has(contractKey(field)) || undefined}
        onValueChange={(v) => onChange(contractKey(field), v)}
      />,
    );

  return (
    <div>
      <Callout intent={Intent.PRIMARY} icon="info-sign" style={{ marginBottom: 12 }}>
        {t('equipmentForm:contract_hint')}
      </Callout>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 16 }}>
        {group(
          'contractId',
          <>
            {!maySearchContracts ? (
              <CountedInput
                id={`${idPrefix}-${contractKey('contractId')}`}
                maxLength={CONTRACT_MAX.contractId}
                value={value('contractId')}
                intent={intentOf('contractId')}
                aria-invalid={errors.has(contractKey('contractId')) || undefined}
                onValueChange={(v) => onChange(contractKey('contractId'), v)}
              />
            ) : (
              <TextSuggest<EquipmentContract>
                id={`${idPrefix}-${contractKey('contractId')}`}
                value={value('contractId')}
                onChange={(v) => onChange(contractKey('contractId'), v)}
                onPick={(contract) => onPick(withContract(draft, contract), contract.contractId ?? '')}
                queryKey={equipmentKeys.contracts()}
                fetchItems={searchContracts}
                itemText={(c) => c.contractId ?? ''}
                itemLabel={(c) =>
                  [c.contractType, c.contractExpiry ? formatDate(c.contractExpiry) : null].filter(Boolean).join(' · ')
                }
                noResults={t('equipmentForm:contract_no_results')}
                placeholder={t('equipmentForm:contract_search_placeholder')}
                maxLength={CONTRACT_MAX.contractId}
                intent={intentOf('contractId')}
              />
            )}
            {isPicked && (
              <div role="status" style={{ marginTop: 6 }} data-testid="contract-equipment-count">
                {count.isPending ? (
                  <Spinner size={16} aria-label={t('equipmentForm:contract_count_loading')} />
                ) : count.data ? (
                  t('equipmentForm:contract_equipment_count', { count: count.data.totalCount })
                ) : null}
              </div>
            )}
          </>,
        )}
        {group(
          'contractType',
          <HTMLSelect
            id={`${idPrefix}-${contractKey('contractType')}`}
            fill
            value={value('contractType')}
            onChange={(e) => onChange(contractKey('contractType'), e.currentTarget.value)}
          >
            <option value="">{t('equipmentForm:choose')}</option>
            <optgroup label={t('equipmentForm:contract_type_warranty')}>
              {WARRANTY_CONTRACT_TYPES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('equipmentForm:contract_type_service')}>
              {SERVICE_CONTRACT_TYPES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </optgroup>
          </HTMLSelect>,
        )}
        {input('effectiveDate', 'date')}
        {input('contractExpiry', 'date')}
        {input('poNumber')}
        {input('billingDate', 'date')}
        {input('billingStatus')}
        {input('desc')}
      </div>
    </div>
  );
}
