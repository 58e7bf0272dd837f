import { Button, Classes, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ScrollBox } from '../../components/ScrollBox';
import { contractCategoryOf, contractNumberOf } from '../../../../contract/contractStatus';
import type { EquipmentContract } from '../../../../contract/equipment';
import { formatDate } from '../../lib/dates';
import { ContractPlansButton } from '../../components/contractPlans/ContractPlansButton';
import { ContractPdfButton } from './ContractPdfButton';
import { contractStatusOf, type ContractStatus } from './contractStatus';
import { DetailSection } from './DetailSection';

/** Green, yellow and red by days to expiry (spec 2 section 4). */
const STATUS_INTENT: Record<ContractStatus, Intent> = {
  active: Intent.SUCCESS,
  expiring: Intent.WARNING,
  expired: Intent.DANGER,
};

export interface ContractSectionProps {
  contracts: readonly EquipmentContract[];
  /** Opens the request to the contract team; absent where the page does not offer it. */
  onRequestChange?: () => void;
  /** The instrument whose contract PDF the section offers; absent for a user-added instrument. */
  pdfEquipmentId?: number;
}

/**
 * The contract info section: the instrument's contract history with a status coloured by days to expiry, its
 * contract PDF when it has a contract, the request to the contract team when the page offers it, and the plans
 * comparison.
 */
export function ContractSection({ contracts, onRequestChange, pdfEquipmentId }: ContractSectionProps) {
  const { t } = useTranslation();
  const title = t('equipmentDetail:section_contract');
  const dash = <span className={Classes.TEXT_MUTED}>—</span>;
  // Without a contract there is no PDF to show: the section says so instead.
  const pdfId = contracts.length > 0 ? pdfEquipmentId : undefined;
  return (
    <DetailSection title={title}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 8 }}>
        {pdfId !== undefined && <ContractPdfButton equipmentId={pdfId} />}
        {onRequestChange && (
          <Button
            icon="annotation"
            text={t('contractRequest:action_contact_contract_team')}
            onClick={onRequestChange}
          />
        )}
        <ContractPlansButton />
      </div>
      {contracts.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('equipmentDetail:contract_none')}</p>
      ) : (
        <ScrollBox label={title}>
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
                const category = contractCategoryOf(c.contractType);
                return (
                  <tr key={`${contractNumberOf(c) ?? ''}-${index}`}>
                    <td>{contractNumberOf(c) ?? dash}</td>
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
        </ScrollBox>
      )}
    </DetailSection>
  );
}
