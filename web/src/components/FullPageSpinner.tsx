import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="portal-centered" role="status" aria-live="polite">
      <Spinner aria-label={t('loading')} />
    </div>
  );
}
