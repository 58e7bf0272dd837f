import { Button, Card, H1, H2, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FAQ_LOADING_DELAY_MS } from '../../../../contract/limits';
import { TUTORIAL_TEXT, tutorialsQuery, type Tutorial } from './tutorials';
import { useShownAfter } from './useShownAfter';

const fileUrl = (file: string) => `${import.meta.env.BASE_URL}${file.replace(/^\//, '')}`;

function TutorialCard({ tutorial }: { tutorial: Tutorial }) {
  const { t } = useTranslation('help');
  const text = TUTORIAL_TEXT[tutorial.id]!;
  const title = t(text.titleKey);
  const headingId = `tutorial-${tutorial.id}-title`;
  const minutes = Math.floor(tutorial.durationSeconds / 60);
  const seconds = String(Math.round(tutorial.durationSeconds % 60)).padStart(2, '0');
  return (
    <Card elevation={1} role="region" aria-labelledby={headingId} style={{ maxWidth: 980 }}>
      <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <video
          controls
          preload="none"
          poster={fileUrl(tutorial.poster)}
          aria-label={t('help:tutorial_video_label', { title })}
          style={{ width: 560, maxWidth: '100%', aspectRatio: '16 / 9', background: '#000' }}
        >
          <source src={fileUrl(tutorial.video)} type="video/webm" />
          {t('help:tutorial_video_unsupported')}
        </video>
        <div style={{ flex: '1 1 300px', minWidth: 0 }}>
          <H2 className="portal-heading-3" id={headingId}>
            {title}
          </H2>
          <Tag minimal icon="time">
            {t('help:tutorial_duration', { duration: `${minutes}:${seconds}` })}
          </Tag>
          <p style={{ marginTop: 12 }}>{t(text.introKey)}</p>
          <ol aria-label={t('help:tutorial_steps', { title })}>
            {text.stepKeys.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ol>
        </div>
      </div>
    </Card>
  );
}

/** /app/helpTutorials: the recorded tutorials, each with its video, poster and guide text (spec 3, Help tutorials). */
export function HelpTutorialsPage() {
  const { t } = useTranslation('help');
  const tutorials = useQuery(tutorialsQuery);
  const shown = useShownAfter(tutorials.isSuccess && !tutorials.isFetching, FAQ_LOADING_DELAY_MS);
  const known = (tutorials.data ?? []).filter((tutorial) => tutorial.id in TUTORIAL_TEXT);

  let body;
  if (tutorials.isError && !tutorials.isFetching) {
    body = (
      <NonIdealState
        icon="error"
        title={t('help:tutorials_load_failed_title')}
        description={t('help:load_failed_text')}
        action={<Button intent={Intent.PRIMARY} text={t('common:retry')} onClick={() => void tutorials.refetch()} />}
      />
    );
  } else if (!shown || !tutorials.data) {
    body = (
      <div role="status" aria-live="polite">
        <NonIdealState icon={<Spinner aria-hidden />} title={t('help:tutorials_loading')} />
      </div>
    );
  } else if (known.length === 0) {
    body = <NonIdealState icon="video" title={t('help:tutorials_empty')} />;
  } else {
    body = (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        {known.map((tutorial) => (
          <TutorialCard key={tutorial.id} tutorial={tutorial} />
        ))}
      </div>
    );
  }

  return (
    <div className="portal-page">
      <H1>{t('help:tutorials_title')}</H1>
      <p>{t('help:tutorials_intro')}</p>
      {body}
    </div>
  );
}
