import { useState } from 'react';
import { Button, Card, Classes, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { EquipmentDetail } from '../../../../contract/equipment';
import type { InstrumentImageData } from '../../../../contract/images';
import { ImageViewerDialog } from '../../components/images/ImageViewerDialog';
import { useSignedUrl } from '../../components/images/signedUrls';

/** Height of the picture. Chosen: not in spec. */
const PICTURE_HEIGHT = 220;

const frame = {
  height: PICTURE_HEIGHT,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
} as const;
const picture = { maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' } as const;

export interface ImageAreaProps {
  equipment: EquipmentDetail;
  title: string;
  onChanged(data: InstrumentImageData | null): void;
}

/**
 * The image area (spec 2 section 2): the instrument's default image, else the product catalogue's official one,
 * and the button that opens the image dialog to upload, choose or delete images.
 */
export function ImageArea({ equipment, title, onChanged }: ImageAreaProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const image = equipment.instrumentImageData?.defaultImage ?? null;
  const signed = useSignedUrl(image?.imageIdentifier ?? null);
  const official = equipment.productMarketInfo?.largeImageUrl ?? equipment.largeImageUrl;

  const shown = image ? (signed === 'failed' ? null : signed) : official;
  let content;
  if (image && signed === null) {
    content = (
      <span
        className={Classes.SKELETON}
        style={{ width: '100%', height: '100%' }}
        role="img"
        aria-busy="true"
        aria-label={t('images:image_loading')}
      />
    );
  } else if (shown && shown !== brokenUrl) {
    content = (
      <img
        src={shown}
        alt={image ? t('equipmentDetail:image_alt', { title }) : t('images:official_alt', { title })}
        referrerPolicy="no-referrer"
        style={picture}
        onError={() => setBrokenUrl(shown)}
      />
    );
  } else {
    content = (
      <>
        <Icon icon="media" size={48} className={Classes.TEXT_MUTED} />
        <span className={Classes.TEXT_MUTED}>
          {image || official ? t('images:image_unavailable') : t('images:no_image')}
        </span>
      </>
    );
  }

  return (
    <Card compact style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={frame}>{content}</div>
      <Button icon="media" text={t('equipmentDetail:edit_image')} fill onClick={() => setEditing(true)} />
      <ImageViewerDialog
        isOpen={editing}
        equipmentId={equipment.equipmentId}
        title={title}
        imageData={equipment.instrumentImageData}
        officialImageUrl={official}
        onClose={() => setEditing(false)}
        onChanged={onChanged}
      />
    </Card>
  );
}
