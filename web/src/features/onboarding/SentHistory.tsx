import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button, Classes, H2, NonIdealState, Spinner, SpinnerSize } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Invitation } from '../../../../contract/invitations';
import { formatDateTime } from '../../lib/dates';
import { readLocal, writeLocal } from '../../lib/localSettings';
import { InvitationDetailDialog } from './InvitationDetailDialog';
import { useSentHistory } from './api/onboarding';

/** Sidebar width (spec 3 "Customer onboarding"): 350 to 700, default 400, remembered in this browser. */
export const HISTORY_WIDTH = { min: 350, max: 700, initial: 400 } as const;
const WIDTH_KEY = 'onboarding.historyWidth';
const KEY_STEP = 10;

const clampWidth = (width: number) => Math.min(HISTORY_WIDTH.max, Math.max(HISTORY_WIDTH.min, Math.round(width)));

/** The Sent History: newest first, a page at a time, each entry opening the e-mail detail dialog. */
export function SentHistory() {
  const { t } = useTranslation();
  const history = useSentHistory();
  const [width, setWidth] = useState(() => clampWidth(readLocal(WIDTH_KEY, HISTORY_WIDTH.initial)));
  const [open, setOpen] = useState<Invitation | null>(null);
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];

  const resize = (next: number) => {
    const w = clampWidth(next);
    setWidth(w);
    writeLocal(WIDTH_KEY, w);
  };
  // The handle is on the sidebar's left edge: dragging left widens it.
  const startDrag = (e: PointerEvent<HTMLDivElement>) => {
    const startX = e.clientX;
    const startWidth = width;
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    const move = (m: globalThis.PointerEvent) => resize(startWidth + startX - m.clientX);
    const stop = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', stop);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', stop);
  };
  const keyResize = (e: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = { ArrowLeft: KEY_STEP, ArrowRight: -KEY_STEP };
    if (e.key === 'Home') resize(HISTORY_WIDTH.min);
    else if (e.key === 'End') resize(HISTORY_WIDTH.max);
    else if (steps[e.key] !== undefined) resize(width + steps[e.key]!);
    else return;
    e.preventDefault();
  };

  return (
    <aside className="onboarding-history" style={{ width }} aria-labelledby="onboarding-history-title">
      <div
        className="onboarding-resize"
        role="separator"
        tabIndex={0}
        aria-orientation="vertical"
        aria-label={t('onboarding:resize_history')}
        aria-valuemin={HISTORY_WIDTH.min}
        aria-valuemax={HISTORY_WIDTH.max}
        aria-valuenow={width}
        onPointerDown={startDrag}
        onKeyDown={keyResize}
      />
      <H2 className="portal-heading-3" id="onboarding-history-title">
        {t('onboarding:history_title')}
      </H2>
      {history.isPending ? (
        <Spinner size={SpinnerSize.SMALL} aria-label={t('onboarding:history_loading')} />
      ) : history.isError ? (
        <NonIdealState icon="error" description={t('onboarding:history_failed')} />
      ) : items.length === 0 ? (
        <NonIdealState icon="envelope" description={t('onboarding:history_empty')} />
      ) : (
        <ul className="onboarding-history-list">
          {items.map((item) => (
            <li key={item.id}>
              <button type="button" className="onboarding-history-item" onClick={() => setOpen(item)}>
                <span className="onboarding-history-subject">{item.subject || t('onboarding:no_subject')}</span>
                <span className={Classes.TEXT_MUTED}>{item.emailTo.map((a) => a.emailAddress).join('; ')}</span>
                <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
                  {formatDateTime(item.createdTime)} ·{' '}
                  {t(item.type === 1 ? 'onboarding:type_portal_invite' : 'onboarding:type_order')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {history.hasNextPage && (
        <Button
          variant="minimal"
          fill
          text={t('onboarding:view_more')}
          loading={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        />
      )}
      <InvitationDetailDialog invitation={open} onClose={() => setOpen(null)} />
    </aside>
  );
}
