import { useRef } from 'react';
import { Button, Colors, H1, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { releaseNotesQuery, type ReleaseNote } from './releaseNotes';
import { ReleaseNoteEntry } from './ReleaseNoteEntry';

function Timeline({ notes }: { notes: ReleaseNote[] }) {
  const { t } = useTranslation('help');
  return (
    <ol
      aria-label={t('help:release_history')}
      style={{ listStyle: 'none', margin: '16px 0 16px 8px', padding: 0, borderLeft: `2px solid ${Colors.GRAY4}` }}
    >
      {notes.map((note, index) => (
        <ReleaseNoteEntry key={note.VersionNum} note={note} newest={index === 0} />
      ))}
    </ol>
  );
}

/** /app/releaseNote: the release history as a timeline, newest first and highlighted, with a back-to-top button. */
export function ReleaseNotesPage() {
  const { t } = useTranslation('help');
  const notes = useQuery(releaseNotesQuery);
  const heading = useRef<HTMLHeadingElement>(null);

  const backToTop = () => {
    heading.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  let body;
  if (notes.isError && !notes.isFetching) {
    body = (
      <NonIdealState
        icon="error"
        title={t('help:release_notes_load_failed_title')}
        description={t('help:load_failed_text')}
        action={<Button intent={Intent.PRIMARY} text={t('common:retry')} onClick={() => void notes.refetch()} />}
      />
    );
  } else if (!notes.data) {
    body = (
      <div role="status" aria-live="polite">
        <NonIdealState icon={<Spinner aria-hidden />} title={t('help:release_notes_loading')} />
      </div>
    );
  } else if (notes.data.length === 0) {
    body = <NonIdealState icon="history" title={t('help:no_release_note')} />;
  } else {
    body = (
      <>
        <Timeline notes={notes.data} />
        <Button icon="arrow-up" text={t('help:back_to_top')} onClick={backToTop} />
      </>
    );
  }

  return (
    <div className="portal-page">
      <H1 ref={heading} tabIndex={-1}>
        {t('help:release_notes_title')}
      </H1>
      {body}
    </div>
  );
}
