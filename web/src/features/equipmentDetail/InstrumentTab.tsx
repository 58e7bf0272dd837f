import { useTranslation } from 'react-i18next';
import type { EquipmentDetail } from '../../../../contract/equipment';
import type { InstrumentImageData } from '../../../../contract/images';
import { equipmentFieldLabelKey } from '../../components/equipmentForm';
import { ContractSection } from './ContractSection';
import { DetailSection } from './DetailSection';
import { EhsSection } from './EhsSection';
import { isUserAdded } from './equipmentIdentity';
import {
  AdditionalSection,
  ContactsSection,
  EquipmentDetailsSection,
  LocationSection,
  VendorSection,
} from './FieldSections';
import { ImageArea } from './ImageArea';
import { SystemComponentsList } from './systemComponents/SystemComponentsList';
import { UpcomingVisitsSection } from './UpcomingVisitsSection';
import { ServiceIntervalsSection } from './serviceIntervals/ServiceIntervalsSection';

export interface InstrumentTabProps {
  equipment: EquipmentDetail;
  title: string;
  onImagesChanged(data: InstrumentImageData | null): void;
  /** Opens the request to the contract team; absent where the page does not offer it. */
  onRequestContractChange?: () => void;
}

/** The Instrument tab (spec 2 section 2): the image area beside the collapsible sections. */
export function InstrumentTab({ equipment, title, onImagesChanged, onRequestContractChange }: InstrumentTabProps) {
  const { t } = useTranslation();
  const fieldLabel = (field: string) => {
    const key = equipmentFieldLabelKey(field);
    return key ? t(key) : field;
  };
  const fields = { equipment, fieldLabel };
  return (
    <div className="instrument-tab-layout">
      <ImageArea equipment={equipment} title={title} onChanged={onImagesChanged} />
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12, minWidth: 0 }}>
        <EquipmentDetailsSection {...fields} />
        <UpcomingVisitsSection calls={equipment.upcomingServiceCalls} />
        <ServiceIntervalsSection equipmentId={equipment.equipmentId} title={title} />
        <ContractSection
          contracts={equipment.contractInfoHistory}
          onRequestChange={onRequestContractChange}
          pdfEquipmentId={isUserAdded(equipment) ? undefined : equipment.equipmentId}
        />
        <LocationSection {...fields} />
        <ContactsSection {...fields} />
        <DetailSection title={t('equipmentDetail:section_system_components')} defaultOpen={false}>
          <SystemComponentsList equipmentId={equipment.equipmentId} systemId={equipment.systemId} />
        </DetailSection>
        <VendorSection {...fields} />
        <AdditionalSection {...fields} />
        <EhsSection ehs={equipment} />
      </div>
    </div>
  );
}
