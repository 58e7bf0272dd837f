import { AnchorButton, H1, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** /app/analytics: analytics is not available yet; a way to ask for it. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  // The title is the page's h1: NonIdealState's own title would be an h4.
  return (
    <div className="portal-page">
      <NonIdealState
        icon="chart"
        description={
          <div>
            <H1 className="portal-heading-4">{t('analytics_title')}</H1>
            <p>{t('analytics_text')}</p>
          </div>
        }
        action={<AnchorButton href="mailto:analytics@provider.example" icon="envelope" text={t('analytics_contact')} />}
      />
    </div>
  );
}
