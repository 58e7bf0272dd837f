import { AnchorButton } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PageNonIdealState } from '../../components/PageNonIdealState';

/** /app/analytics: analytics is not available yet; a way to ask for it. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  return (
    <div className="portal-page">
      <PageNonIdealState
        icon="chart"
        title={t('analytics_title')}
        description={<p>{t('analytics_text')}</p>}
        action={<AnchorButton href="mailto:analytics@provider.example" icon="envelope" text={t('analytics_contact')} />}
      />
    </div>
  );
}
