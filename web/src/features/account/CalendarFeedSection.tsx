import { Button, Callout, Card, Classes, ControlGroup, H2, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useConfirmation } from '../../components/confirm/useConfirmation';
import { showToast } from '../../components/showToast';
import { useCurrentSession } from '../../lib/currentUser';
import { formatDate } from '../../lib/dates';
import { useCalendarFeed, useMakeCalendarFeed } from './api/calendarFeed';

/**
 * The own calendar feed on the account page: the secret address to subscribe to (shown again, as calendar apps'
 * users expect), copied with one click; made when there is none; regenerated after a warning that the old one ends.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation('calendarFeed');
  const { user } = useCurrentSession();
  const feed = useCalendarFeed(user.userId);
  const make = useMakeCalendarFeed(user.userId);
  const { confirm, element: question } = useConfirmation();

  const regenerate = async () => {
    const agreed = await confirm({
      message: t('regenerate_question'),
      confirmText: t('regenerate'),
      intent: Intent.DANGER,
      icon: 'warning-sign',
    });
    if (agreed) make.mutate(true, { onSuccess: () => showToast(t('regenerated'), Intent.SUCCESS) });
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      showToast(t('copied'), Intent.SUCCESS);
    } catch {
      showToast(t('copy_failed'), Intent.WARNING);
    }
  };

  const body = () => {
    if (feed.isPending) return <Spinner size={20} aria-label={t('common:loading')} />;
    if (feed.isError) {
      return (
        <Callout intent={Intent.DANGER} title={t('load_failed')}>
          <Button icon="refresh" text={t('common:retry')} onClick={() => void feed.refetch()} />
        </Callout>
      );
    }
    const current = feed.data.feed;
    if (!current) {
      return (
        <>
          <p>{t('none_yet')}</p>
          <Button
            icon="calendar"
            intent={Intent.PRIMARY}
            text={t('create')}
            loading={make.isPending}
            onClick={() => make.mutate(false)}
          />
        </>
      );
    }
    return (
      <>
        {current.url ? (
          <ControlGroup fill className="calendar-feed-address">
            <InputGroup
              readOnly
              value={current.url}
              aria-label={t('address')}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button icon="duplicate" text={t('copy')} onClick={() => void copy(current.url!)} />
          </ControlGroup>
        ) : (
          <Callout intent={Intent.WARNING}>{t('not_shown')}</Callout>
        )}
        <p className={Classes.TEXT_MUTED} style={{ marginTop: 8 }}>
          {t('made_on', { date: formatDate(current.createdTime) })}
        </p>
        <Button icon="refresh" text={t('regenerate')} loading={make.isPending} onClick={() => void regenerate()} />
      </>
    );
  };

  return (
    <section aria-labelledby="calendar-feed-heading">
      <H2 id="calendar-feed-heading" className="portal-heading-4" style={{ marginTop: 24 }}>
        {t('title')}
      </H2>
      <Card>
        <p>{t('explanation')}</p>
        {body()}
      </Card>
      {question}
    </section>
  );
}
