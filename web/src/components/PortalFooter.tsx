import { useEffect, useState } from 'react';
import { AnchorButton, Button, Classes, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { COPYRIGHT_YEARS } from '../../../contract/limits';

const CORPORATE_LINKS = [
  { key: 'footer_about', href: 'https://www.provider.example/about' },
  { key: 'footer_privacy', href: 'https://www.provider.example/privacy' },
  { key: 'footer_terms', href: 'https://www.provider.example/terms' },
] as const;
const WECHAT_URL = 'https://weixin.qq.com/r/provider-service';

/** A QR code of a URL, drawn in the browser (qrcode, loaded when a code is first shown). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(value, { margin: 1, width: 160 }))
      .then((url) => current && setSrc(url));
    return () => {
      current = false;
    };
  }, [value]);
  return src ? <img src={src} width={160} height={160} alt={label} /> : null;
}

/** Footer of the frames outside the portal: corporate links, the WeChat QR code, copyright 2007 to 2020. */
export function PortalFooter() {
  const { t } = useTranslation();
  return (
    <footer className={`portal-footer ${Classes.TEXT_MUTED}`}>
      {CORPORATE_LINKS.map((l) => (
        <AnchorButton
          key={l.key}
          variant="minimal"
          size="small"
          href={l.href}
          target="_blank"
          rel="noopener noreferrer"
          text={t(l.key)}
        />
      ))}
      <Popover
        content={
          <div style={{ padding: 12 }}>
            <QrCode value={WECHAT_URL} label={t('footer_wechat_qr')} />
          </div>
        }
      >
        <Button variant="minimal" size="small" icon="mobile-phone" text={t('footer_wechat')} />
      </Popover>
      <span>{t('footer_copyright', { from: COPYRIGHT_YEARS.from, to: COPYRIGHT_YEARS.to })}</span>
    </footer>
  );
}
