import { useContext } from 'react';
import { Button, Checkbox, Classes, DialogBody, DialogFooter, H4, Intent, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MODAL_WIDTH } from '../../../../contract/limits';
import { releaseNoteMachine, type ReleaseNoteSummary } from '../../../../machines/releaseNote.machine';
import { CurrentSessionContext } from '../../lib/currentUser';
import { useModalTurn, wantsOf } from '../../lib/modalQueue';
import { readReleaseNoteChoice, writeReleaseNoteChoice } from './releaseNoteChoice';
import { newestReleaseNote, releaseNotesQuery } from './releaseNotes';
import { PortalDialog } from '../../components/dialog/PortalDialog';

export interface ReleaseNoteModalProps {
  /** The signed-in user; the choice is stored per user. Mount with key={userId} so another user starts afresh. */
  userId: number;
}

/** The release-note modal of spec 1 section 4, shown after sign-in when the machine decides so, in its turn. */
export function ReleaseNoteModal({ userId }: ReleaseNoteModalProps) {
  const { t } = useTranslation('help');
  const queryClient = useQueryClient();
  /** The help pages live under the mode's base: /app, or /admin in admin mode. */
  const base = useContext(CurrentSessionContext)?.base ?? '/app';
  const [snapshot, send] = useMachine(
    releaseNoteMachine.provide({
      actors: {
        readChoice: fromPromise(async ({ input }) => readReleaseNoteChoice(input.userId)),
        loadNewest: fromPromise<ReleaseNoteSummary | null>(async () =>
          newestReleaseNote(await queryClient.fetchQuery(releaseNotesQuery)),
        ),
      },
      actions: {
        storeChoice: (_, { userId: id, choice }) => writeReleaseNoteChoice(id, choice),
      },
    }),
    { input: { userId } },
  );
  const showing = snapshot.matches('showing');
  const turn = useModalTurn('releaseNote', wantsOf(showing, snapshot.status === 'done'), true);
  const { newest, neverShow } = snapshot.context;
  if (!newest) return null;

  const close = () => send({ type: 'CLOSE' });
  return (
    <PortalDialog
      isOpen={showing && turn.isOpen}
      onClose={close}
      onClosed={turn.onClosed}
      title={t('help:release_modal_title')}
      icon="new-object"
      style={{ width: MODAL_WIDTH.wide }}
    >
      <DialogBody>
        <H4>
          {newest.VersionName}{' '}
          <Tag minimal intent={Intent.PRIMARY}>
            {newest.VersionNum}
          </Tag>
        </H4>
        <ul className={Classes.LIST} aria-label={t('help:change_log', { version: newest.VersionNum })}>
          {newest.ChangeLog.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
        <Link to={`${base}/releaseNote`} onClick={close}>
          {t('help:view_release_history')}
        </Link>
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text={t('help:i_know')} onClick={close} />}>
        <Checkbox
          checked={neverShow}
          label={t('help:never_show_again')}
          onChange={(e) => send({ type: 'SET_NEVER_SHOW', neverShow: e.currentTarget.checked })}
          style={{ margin: 0 }}
        />
      </DialogFooter>
    </PortalDialog>
  );
}
