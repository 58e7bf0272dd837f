import { Button, Callout, Card, Classes, H2, InputGroup, Intent, Spinner } from '@blueprintjs/core';
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
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const feed = useCalendarFeed(user.userId);
  const make = useMakeCalendarFeed(user.userId);
  const { confirm, element: question } = useConfirmation();

  const regenerate = async () => {
    const agreed = await confirm({
      message: t('calendarFeed:regenerate_question'),
      confirmText: t('calendarFeed:regenerate'),
      intent: Intent.DANGER,
      icon: 'warning-sign',
    });
    if (agreed) make.mutate(true, { onSuccess: () => showToast(t('calendarFeed:regenerated'), Intent.SUCCESS) });
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      showToast(t('calendarFeed:copied'), Intent.SUCCESS);
    } catch {
      showToast(t('calendarFeed:copy_failed'), Intent.WARNING);
    }
  };

  const body = () => {
    if (feed.isPending) return <Spinner size={20} aria-label={t('loading')} />;
    if (feed.isError) {
      return (
        <Callout intent={Intent.DANGER} title={t('calendarFeed:load_failed')}>
          <Button icon="refresh" text={t('retry')} onClick={() => void feed.refetch()} />
        </Callout>
      );
    }
    const current = feed.data.feed;
    if (!current) {
      return (
        <>
          <p>{t('calendarFeed:none_yet')}</p>
          <Button
            icon="calendar"
            intent={Intent.PRIMARY}
            text={t('calendarFeed:create')}
            loading={make.isPending}
            onClick={() => make.mutate(false)}
          />
        </>
      );
    }
    return (
      <>
        {current.url ? (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
              <InputGroup
                fill
                readOnly
                value={current.url}
                aria-label={t('calendarFeed:address')}
                onFocus={(e) => e.currentTarget.select()}
              />
            </div>
            <Button icon="duplicate" text={t('calendarFeed:copy')} onClick={() => void copy(current.url!)} />
          </div>
        ) : (
          <Callout intent={Intent.WARNING}>{t('calendarFeed:not_shown')}</Callout>
        )}
        <p className={Classes.TEXT_MUTED} style={{ marginTop: 8 }}>
          {t('calendarFeed:made_on', { date: formatDate(current.createdTime) })}
        </p>
        <Button
          icon="refresh"
          text={t('calendarFeed:regenerate')}
          loading={make.isPending}
          onClick={() => void regenerate()}
        />
      </>
    );
  };

  return (
    <section aria-labelledby="calendar-feed-heading">
      <H2 id="calendar-feed-heading" className="portal-heading-4" style={{ marginTop: 24 }}>
        {t('calendarFeed:title')}
      </H2>
      <Card>
        <p>{t('calendarFeed:explanation')}</p>
        {body()}
      </Card>
      {question}
    </section>
  );
}
