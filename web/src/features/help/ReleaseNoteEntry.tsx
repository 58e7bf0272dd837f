import { Card, Classes, Colors, H2, Icon, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import type { ReleaseNote } from './releaseNotes';

export interface ReleaseNoteEntryProps {
  note: ReleaseNote;
  newest: boolean;
}

/** One version on the release timeline: dot, date (month day, year in the current language), name and number, change log. */
export function ReleaseNoteEntry({ note, newest }: ReleaseNoteEntryProps) {
  const { t } = useTranslation('help');
  const titleId = `release-${note.VersionNum}`;
  return (
    <li aria-labelledby={titleId} style={{ position: 'relative', paddingLeft: 28, paddingBottom: 16 }}>
      <Icon
        icon={newest ? 'full-circle' : 'circle'}
        intent={newest ? Intent.PRIMARY : Intent.NONE}
        size={14}
        aria-hidden
        style={{ position: 'absolute', left: -8, top: 18, background: Colors.LIGHT_GRAY5, borderRadius: '50%' }}
      />
      <Card elevation={newest ? 2 : 0}>
        <time dateTime={note.Date} className={Classes.TEXT_MUTED}>
          {formatDate(note.Date)}
        </time>
        <H2 className="portal-heading-3" id={titleId} style={{ margin: '4px 0 8px' }}>
          {note.VersionName}{' '}
          <Tag minimal intent={newest ? Intent.PRIMARY : Intent.NONE}>
            {note.VersionNum}
          </Tag>{' '}
          {newest && <Tag intent={Intent.PRIMARY}>{t('help:latest_version')}</Tag>}
        </H2>
        <ul className={Classes.LIST} aria-label={t('help:change_log', { version: note.VersionNum })}>
          {note.ChangeLog.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      </Card>
    </li>
  );
}
