import { Card, H1, H2, Icon, type IconName } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../lib/currentUser';
import { formatDate } from '../../lib/dates';
import { DueSoonList } from './DueSoonList';

const QUICK_ENTRIES: Array<{ key: string; icon: IconName; path: string }> = [
  { key: 'products', icon: 'lab-test', path: 'product' },
  { key: 'work_orders', icon: 'wrench', path: 'workOrder' },
  { key: 'calendar', icon: 'calendar', path: 'calendar' },
  { key: 'education_training', icon: 'learning', path: 'educationTraining' },
  { key: 'feedback', icon: 'comment', path: 'feedback' },
];

/** /app/welcome: who is signed in, for which company, and the quick-entry cards of the portal's areas. */
export function WelcomePage() {
  const { t, i18n } = useTranslation();
  const { user, base, pages } = useCurrentSession();
  const own = user.userLocation.customer.customerLocations.find((l) => l.locationId === user.locationId);
  return (
    <div className="portal-page">
      <H1 data-tour="welcome-greeting">{t('welcome_greeting', { name: user.firstName })}</H1>
      <p>
        {t('welcome_company', { company: user.userLocation.customer.name, city: own?.city ?? '' })}{' '}
        <time dateTime={new Date().toISOString().slice(0, 10)} key={i18n.language}>
          {formatDate(new Date())}
        </time>
      </p>
      <section aria-label={t('welcome_quick_entries')} className="portal-cards" data-tour="welcome-quick-entries">
        {QUICK_ENTRIES.map((entry) => {
          const content = (
            <>
              <Icon icon={entry.icon} size={24} aria-hidden />
              <H2 className="portal-heading-4" style={{ marginTop: 8 }}>
                {t(`quick_${entry.key}_title`)}
              </H2>
              <p>{t(`quick_${entry.key}_text`)}</p>
            </>
          );
          return pages.includes(entry.path) ? (
            <Link key={entry.key} to={`${base}/${entry.path}`} className="portal-card-link">
              <Card elevation={1} interactive>
                {content}
              </Card>
            </Link>
          ) : (
            <Card key={entry.key} elevation={1}>
              {content}
            </Card>
          );
        })}
      </section>
      <DueSoonList base={base} mayOpenInstruments={pages.includes('product')} />
    </div>
  );
}
