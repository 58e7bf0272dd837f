import { useId, useState } from 'react';
import {
  Button,
  Callout,
  Classes,
  Divider,
  Intent,
  Popover,
  PopupKind,
  Spinner,
  SpinnerSize,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AddViewDialog } from './AddViewDialog';
import { SavedViewConfirmAlert } from './SavedViewConfirmAlert';
import { SavedViewList } from './SavedViewList';
import type { SavedViews } from './useSavedViews';

export interface SavedViewBarProps<V extends object> {
  /** The result of useSavedViews. */
  views: SavedViews<V>;
}

type TabId = 'mine' | 'public';

/**
 * The saved-view dropdown of a list screen (spec 2 sections 2 and 4): the current view's name opens tabs My view and
 * Public view; the update-view button and its reminder when the current view was changed; the add-view dialog and
 * the confirmations.
 */
export function SavedViewBar<V extends object>({ views }: SavedViewBarProps<V>) {
  const { t } = useTranslation();
  const tabsId = useId();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<TabId>('mine');
  const currentName = views.currentView?.name ?? t('views:initial_layout');
  const close = () => setOpen(false);

  const toggle = (next: boolean) => {
    if (next) setTab(views.publicViews.some((v) => v.preferenceId === views.currentViewId) ? 'public' : 'mine');
    setOpen(next);
  };

  const list = (id: TabId) => (
    <SavedViewList
      views={views}
      items={id === 'mine' ? views.myViews : views.publicViews}
      withInitialLayout={id === 'mine'}
      label={id === 'mine' ? t('views:my_views') : t('views:public_views')}
      onLeave={close}
    />
  );

  const menu = (
    <div style={{ width: 380, maxWidth: '90vw', padding: '4px 12px 8px' }}>
      {views.status === 'loading' && (
        <div role="status" aria-label={t('views:loading')} style={{ padding: 16 }}>
          <Spinner size={SpinnerSize.SMALL} aria-hidden />
        </div>
      )}
      {views.status === 'failed' && (
        <Callout intent={Intent.DANGER} role="alert" style={{ margin: '8px 0' }}>
          <p>{t('views:load_failed')}</p>
          <Button size="small" icon="refresh" text={t('retry')} onClick={views.retry} />
        </Callout>
      )}
      {views.status === 'ready' && (
        <Tabs id={tabsId} selectedTabId={tab} onChange={(next) => setTab(next as TabId)}>
          <Tab id="mine" title={t('views:my_views')} panel={list('mine')} />
          <Tab id="public" title={t('views:public_views')} panel={list('public')} />
        </Tabs>
      )}
      <Divider style={{ margin: '8px 0' }} />
      <Button
        variant="minimal"
        icon="add"
        text={t('views:add_view')}
        disabled={views.status !== 'ready' || views.busy !== null}
        onClick={() => {
          close();
          views.openAddView();
        }}
      />
    </div>
  );

  return (
    <div
      role="group"
      aria-label={t('views:saved_views')}
      data-tour="saved-views"
      style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}
    >
      <Popover
        isOpen={open}
        onInteraction={toggle}
        content={menu}
        placement="bottom-start"
        popupKind={PopupKind.DIALOG}
        autoFocus
        shouldReturnFocusOnClose
      >
        <Button
          icon="bookmark"
          endIcon="caret-down"
          text={currentName}
          ellipsizeText
          style={{ maxWidth: 280 }}
          aria-label={t('views:saved_view_button', { name: currentName })}
          aria-expanded={open}
        />
      </Popover>
      <span role="status" className={Classes.TEXT_MUTED}>
        {views.showUpdateReminder && (views.canUpdate ? t('views:update_reminder') : t('views:save_as_new_reminder'))}
      </span>
      {views.showUpdateReminder &&
        (views.canUpdate ? (
          <Button
            intent={Intent.PRIMARY}
            icon="floppy-disk"
            text={t('views:update_view')}
            loading={views.busy === 'update'}
            disabled={views.busy !== null && views.busy !== 'update'}
            onClick={views.update}
          />
        ) : (
          <Button
            icon="add"
            text={t('views:save_as_new_view')}
            disabled={views.busy !== null}
            onClick={views.openAddView}
          />
        ))}
      <AddViewDialog
        isOpen={views.addViewOpen}
        saving={views.busy === 'create'}
        failed={views.error?.operation === 'create'}
        canShare={views.canShare}
        onCreate={views.create}
        onClose={views.closeAddView}
      />
      <SavedViewConfirmAlert confirmation={views.confirmation} onConfirm={views.confirm} onCancel={views.cancel} />
    </div>
  );
}
