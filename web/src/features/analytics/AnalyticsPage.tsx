import { Button } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageNonIdealState } from '../../components/PageNonIdealState';
import { useCurrentSession } from '../../lib/currentUser';

/** /app/analytics: analytics is not available yet; the Contact us page asks for it. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { base } = useCurrentSession();
  return (
    <div className="portal-page">
      <PageNonIdealState
        icon="chart"
        title={t('analytics_title')}
        description={<p>{t('analytics_text')}</p>}
        action={<Button icon="envelope" text={t('analytics_contact')} onClick={() => navigate(`${base}/contactUs`)} />}
      />
    </div>
  );
}
