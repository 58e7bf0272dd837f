import { Button, H5, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../components/PortalFooter';

/** Where the provider's mobile app is downloaded. chosen: not in spec */
const APP_DOWNLOADS = [
  { key: 'download_ios', url: 'https://apps.apple.com/app/provider-instrument-portal/id6400000000' },
  { key: 'download_android', url: 'https://play.google.com/store/apps/details?id=example.provider.portal' },
  { key: 'download_direct', url: 'https://www.provider.example/downloads/portal-app' },
] as const;

/** The download-app popover with a QR code per store (spec 1 section 2). */
export function DownloadAppPopover() {
  const { t } = useTranslation();
  return (
    <Popover
      placement="bottom-end"
      content={
        <div className="portal-download-app" aria-label={t('download_app')}>
          {APP_DOWNLOADS.map((d) => (
            <figure key={d.key}>
              <QrCode value={d.url} label={t('download_qr', { store: t(d.key) })} />
              <figcaption>
                <H5>{t(d.key)}</H5>
              </figcaption>
            </figure>
          ))}
        </div>
      }
    >
      <Button variant="minimal" icon="mobile-phone" aria-label={t('download_app')} />
    </Popover>
  );
}
