import { useMemo } from 'react';
import { Button, Callout, Classes, Divider, H2, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../../contract/messages';
import { SanitizedHtml } from '../../components/SanitizedHtml';
import { formatDateTime } from '../../lib/dates';
import { attachmentLink, startDownload } from './notificationsMachine';

export interface NotificationDetailProps {
  state: 'closed' | 'opening' | 'showing' | 'failed';
  message: Message | null;
  onRetry: () => void;
}

/** The attachments of a message: each button asks the server for a download link, then downloads it. */
function Attachments({ message }: { message: Message }) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: ({ attachmentId }: { attachmentId: number }) => attachmentLink(message.Id, attachmentId),
    onSuccess: (link) => startDownload(link.url, link.fileName),
  });
  return (
    <section aria-label={t('notification_attachments')} style={{ margin: '12px 0' }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {message.attachments.map((attachment) => (
          <Button
            key={attachment.Id}
            icon="download"
            variant="outlined"
            text={attachment.fileName}
            aria-label={t('notification_download', { fileName: attachment.fileName })}
            loading={download.isPending && download.variables?.attachmentId === attachment.Id}
            onClick={() => download.mutate({ attachmentId: attachment.Id })}
          />
        ))}
      </div>
      {download.isError && (
        <Callout intent={Intent.DANGER} compact style={{ marginTop: 8 }}>
          {t('notification_download_failed')}
        </Callout>
      )}
    </section>
  );
}

/** The detail pane: subject, time, attachments and the sanitised HTML content of the open message. */
export function NotificationDetail({ state, message, onRetry }: NotificationDetailProps) {
  const { t } = useTranslation();
  const lines = useMemo(() => (message ? [message.content] : []), [message]);

  if (state === 'closed') {
    return <NonIdealState icon="envelope" description={t('notification_detail_empty')} />;
  }
  if (state === 'failed') {
    return (
      <NonIdealState
        icon="error"
        title={t('notification_detail_failed')}
        action={<Button intent={Intent.PRIMARY} text={t('retry')} onClick={onRetry} />}
      />
    );
  }
  if (state === 'opening' || !message) {
    return (
      <div role="status" aria-live="polite">
        <NonIdealState icon={<Spinner aria-hidden />} title={t('notification_detail_loading')} />
      </div>
    );
  }
  return (
    <article aria-labelledby="notification-subject" style={{ padding: '0 16px' }}>
      <H2 className="portal-heading-3" id="notification-subject" style={{ marginBottom: 4 }}>
        {message.subject}
      </H2>
      <time dateTime={message.createdTime} className={Classes.TEXT_MUTED}>
        {formatDateTime(message.createdTime)}
      </time>
      {message.attachments.length > 0 && <Attachments key={message.Id} message={message} />}
      <Divider style={{ margin: '12px 0' }} />
      <SanitizedHtml lines={lines} className={Classes.RUNNING_TEXT} />
    </article>
  );
}
