import { Card, H2, H4, Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { LoggedInUser } from '../../../../contract/users';

const QUICK_ENTRIES: Array<{ key: string; icon: IconName }> = [
  { key: 'products', icon: 'lab-test' },
  { key: 'work_orders', icon: 'wrench' },
  { key: 'calendar', icon: 'calendar' },
  { key: 'education_training', icon: 'learning' },
  { key: 'feedback', icon: 'comment' },
];

/** /app/welcome: who is signed in, for which company, and the quick-entry cards of the portal's areas. */
export function WelcomePage({ user }: { user: LoggedInUser }) {
  const { t } = useTranslation();
  const locations = user.userLocation.customer.customerLocations;
  const own = locations.find((l) => l.locationId === user.locationId);
  return (
    <main className="portal-page">
      <H2>{t('welcome_greeting', { name: user.firstName })}</H2>
      <p>{t('welcome_company', { company: user.userLocation.customer.name, city: own?.city ?? '' })}</p>
      <section aria-label={t('welcome_quick_entries')} className="portal-cards">
        {QUICK_ENTRIES.map((entry) => (
          <Card key={entry.key} elevation={1}>
            <Icon icon={entry.icon} size={24} aria-hidden />
            <H4 style={{ marginTop: 8 }}>{t(`quick_${entry.key}_title`)}</H4>
            <p>{t(`quick_${entry.key}_text`)}</p>
          </Card>
        ))}
      </section>
    </main>
  );
}
