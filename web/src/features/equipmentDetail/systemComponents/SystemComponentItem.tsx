import { useId } from 'react';
import { Card, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SystemComponent } from '../../../../../contract/equipment';
import { EquipmentThumbnail } from '../../../components/images/EquipmentThumbnail';

const THUMBNAIL_SIZE = 56;

/** One other component of the system: its thumbnail, make and model linking to its own page, serial and type. */
export function SystemComponentItem({ component, href }: { component: SystemComponent; href: string }) {
  const { t } = useTranslation();
  const detailsId = useId();
  const { mfg, model, serial, dtype } = component;
  const name = [mfg, model].filter(Boolean).join(' ') || serial || `#${component.equipmentId}`;
  const detail = (label: string, value: string | null) => (
    <span>
      <span className={Classes.TEXT_MUTED}>{label}: </span>
      {value || '–'}
    </span>
  );
  return (
    <Card role="listitem" style={{ gap: 12 }}>
      <span style={{ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, flex: 'none' }}>
        <EquipmentThumbnail
          image={component.instrumentImageData?.defaultImage ?? null}
          alt={[mfg, model, serial].filter(Boolean).join(' - ')}
        />
      </span>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
        <Link to={href} aria-describedby={detailsId} style={{ fontWeight: 600 }}>
          {name}
        </Link>
        <div id={detailsId} style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16 }}>
          {detail(t('equipmentForm:field_serial'), serial)}
          {detail(t('equipmentForm:field_dtype'), dtype)}
        </div>
      </div>
    </Card>
  );
}
