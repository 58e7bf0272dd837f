import { useState } from 'react';
import { Classes, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { EquipmentImage } from '../../../../contract/images';
import { useSignedUrl } from './signedUrls';

export interface EquipmentThumbnailProps {
  /** The image whose 100 px thumbnail is shown (usually the default image); null shows a placeholder. */
  image: EquipmentImage | null;
  /** Text alternative of the thumbnail, e.g. the serial number. */
  alt: string;
}

const box: React.CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
  minWidth: 24,
  minHeight: 24,
  overflow: 'hidden',
};

/**
 * The thumbnail of an equipment image through a signed download URL; thumbnails on screen at the same time share
 * one request. It fills its parent (which sets the size); without an image, or when it cannot be loaded, a
 * neutral placeholder icon shows instead.
 */
export function EquipmentThumbnail({ image, alt }: EquipmentThumbnailProps) {
  const { t } = useTranslation();
  const url = useSignedUrl(image?.thumbnailIdentifier ?? null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);

  if (!image || url === 'failed' || (url !== null && url === brokenUrl)) {
    return (
      <span style={box} className={Classes.TEXT_MUTED}>
        <Icon icon="media" title={image ? alt : t('images:no_image')} />
      </span>
    );
  }
  if (url === null)
    return <span style={box} className={Classes.SKELETON} role="img" aria-busy="true" aria-label={alt} />;
  return (
    <span style={box}>
      <img
        src={url}
        alt={alt}
        style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        onError={() => setBrokenUrl(url)}
      />
    </span>
  );
}
