import { useState } from 'react';
import { Button, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AvatarUploadDialog } from './AvatarUploadDialog';
import { OwnAvatar } from './ownAvatar';

/** The avatar area of the own account: the photo (or a person icon) and the upload-photo button (spec 3 section 2). */
export function AccountAvatar() {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}>
      <OwnAvatar
        size={64}
        variant="image"
        alt={t('avatar:your_photo')}
        fallback={<Icon icon="person" size={64} aria-hidden />}
      />
      <Button
        size="small"
        variant="minimal"
        icon="camera"
        text={t('avatar:upload_photo')}
        onClick={() => setUploading(true)}
      />
      <AvatarUploadDialog isOpen={uploading} onClose={() => setUploading(false)} />
    </div>
  );
}
