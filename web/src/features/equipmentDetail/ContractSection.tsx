import { Button, Classes, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  WARRANTY_CONTRACT_TYPES,
  SERVICE_CONTRACT_TYPES,
  type EquipmentContract,
} from '../../../../contract/equipment';
import { formatDate } from '../../lib/dates';
import { contractStatusOf, type ContractStatus } from './contractStatus';
import { DetailSection } from './DetailSection';

/** Green, yellow and red by days to expiry (spec 2 section 4). */
const STATUS_INTENT: Record<ContractStatus, Intent> = {
  active: Intent.SUCCESS,
  expiring: Intent.WARNING,
  expired: Intent.DANGER,
};

const categoryOf = (type: string | null) =>
  (WARRANTY_CONTRACT_TYPES as readonly string[]).includes(type ?? '')
    ? 'warranty'
    : (SERVICE_CONTRACT_TYPES as readonly string[]).includes(type ?? '')
      ? 'service'
      : null;

/** The contract number as the user knows it: the vendor's number for a vendor contract. */
const numberOf = (c: EquipmentContract) => (c.isVendor ? c.vendorContractId : c.contractId) ?? c.contractId;

/**
 * The contract info section: the instrument's contract history with a status coloured by days to expiry, and the
 * request to the contract team when the page offers it.
 */
export function ContractSection({
  contracts,
  onRequestChange,
}: {
  contracts: readonly EquipmentContract[];
  onRequestChange?: () => void;
}) {
  const { t } = useTranslation();
  const title = t('equipmentDetail:section_contract');
  const dash = <span className={Classes.TEXT_MUTED}>—</span>;
  return (
    <DetailSection title={title}>
      {onRequestChange && (
        <Button
          icon="annotation"
          text={t('contractRequest:action_contact_contract_team')}
          onClick={onRequestChange}
          style={{ marginBottom: 8 }}
        />
      )}
      {contracts.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('equipmentDetail:contract_none')}</p>
      ) : (
        <HTMLTable compact striped aria-label={title} style={{ width: '100%' }}>
          <thead>
            <tr>
              <th scope="col">{t('equipmentForm:contract_contractId')}</th>
              <th scope="col">{t('equipmentForm:contract_contractType')}</th>
              <th scope="col">{t('equipmentForm:contract_effectiveDate')}</th>
              <th scope="col">{t('equipmentForm:contract_contractExpiry')}</th>
              <th scope="col">{t('equipmentDetail:contract_status')}</th>
            </tr>
          </thead>
          <tbody>
            {contracts.map((c, index) => {
              const status = contractStatusOf(c.contractExpiry);
              const category = categoryOf(c.contractType);
              return (
                <tr key={`${numberOf(c) ?? ''}-${index}`}>
                  <td>{numberOf(c) ?? dash}</td>
                  <td>
                    {c.contractType ?? dash}
                    {category && (
                      <span className={Classes.TEXT_MUTED}> · {t(`equipmentForm:contract_type_${category}`)}</span>
                    )}
                  </td>
                  <td>{c.effectiveDate ? formatDate(c.effectiveDate) : dash}</td>
                  <td>{c.contractExpiry ? formatDate(c.contractExpiry) : dash}</td>
                  <td>
                    {status ? (
                      <Tag intent={STATUS_INTENT[status]} minimal>
                        {t(`equipmentDetail:contract_status_${status}`)}
                      </Tag>
                    ) : (
                      dash
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
    </DetailSection>
  );
}
