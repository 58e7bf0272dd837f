import { AnchorButton, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** /app/analytics: analytics is not available yet; a way to ask for it. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  return (
    <main className="portal-page">
      <NonIdealState
        icon="chart"
        title={t('analytics_title')}
        description={t('analytics_text')}
        action={<AnchorButton href="mailto:analytics@provider.example" icon="envelope" text={t('analytics_contact')} />}
      />
    </main>
  );
}
