import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { Button, Callout, DialogBody, DialogFooter, Intent, Spinner, Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../contract/documents';
import { MODAL_WIDTH } from '../../../../contract/limits';
import { documentUploadMachine } from '../../../../machines/documentUpload.machine';
import { getToaster } from '../toaster';
import { SectionNonIdealState } from '../PageNonIdealState';
import { useUnsavedData } from '../../lib/unsavedData';
import { documentsKey } from './api/documentKeys';
import { deleteDocument, restoreDocument, useDocuments } from './api/documents';
import { downloadDocument, openDocument, uploadBatchActor, type DocumentOwner } from './documentsApi';
import { documentFailureMessage } from './documentFailures';
import { DocumentTable } from './DocumentTable';
import { DocumentUploadArea } from './DocumentUploadArea';
import { ConfirmAlert } from '../confirm/ConfirmAlert';
import { PortalDialog } from '../dialog/PortalDialog';

export interface DocumentViewerDialogProps {
  isOpen: boolean;
  ownerType: 'Equipment' | 'ServiceCall';
  ownerId: number;
  title: string;
  onClose(): void;
  /** Told the number of active documents whenever it is known anew (after loading, uploads, deletes, restores). */
  onCountChange?(count: number): void;
}

/**
 * The document viewer (spec 2 sections 2, 4 and 5): tabs Documents (n) and Deleted items (n), upload by picker or
 * drop (checked at once, started by itself after a short pause, with progress), open or download, the version
 * history of each document, delete with confirmation, restore, and delete for good with confirmation.
 */
export function DocumentViewerDialog({
  isOpen,
  ownerType,
  ownerId,
  title,
  onClose,
  onCountChange,
}: DocumentViewerDialogProps) {
  const closeRequest = useRef<(() => void) | null>(null);
  return (
    <PortalDialog
      isOpen={isOpen}
      onClose={() => (closeRequest.current ?? onClose)()}
      title={title}
      icon="document"
      style={{ width: MODAL_WIDTH.medium, maxWidth: '95vw' }}
    >
      {/* Mounted only while open: every opening loads the list anew and starts with no upload. */}
      {isOpen && (
        <DocumentViewer
          key={`${ownerType}-${ownerId}`}
          owner={{ ownerType, ownerId }}
          onClose={onClose}
          onCountChange={onCountChange}
          closeRequest={closeRequest}
        />
      )}
    </PortalDialog>
  );
}

type Confirmation = { kind: 'delete' | 'deletePermanently'; document: Document };

interface DocumentViewerProps {
  owner: DocumentOwner;
  onClose(): void;
  onCountChange?(count: number): void;
  /** What closing the dialog does instead of closing it at once: asking first while an upload is on its way. */
  closeRequest: MutableRefObject<(() => void) | null>;
}

const showToast = (message: string, intent: Intent) =>
  void getToaster().then((toaster) =>
    toaster.show({ message, intent, icon: intent === Intent.SUCCESS ? 'tick' : 'error' }),
  );

function DocumentViewer({ owner, onClose, onCountChange, closeRequest }: DocumentViewerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabId>('active');
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);

  const documents = useDocuments(owner);
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentsKey(owner) });

  // The machine outlives renders; what it tells the page goes through a ref to the current render's callbacks.
  const latest = useRef({ refresh, t });
  useEffect(() => {
    latest.current = { refresh, t };
  });
  const [machine] = useState(() =>
    documentUploadMachine.provide({
      actors: { uploadBatch: uploadBatchActor(owner) },
      actions: {
        uploaded: (_, uploaded) => {
          void latest.current.refresh();
          showToast(latest.current.t('documents:uploaded', { n: uploaded.length }), Intent.SUCCESS);
        },
      },
    }),
  );
  const [upload, send] = useMachine(machine);
  const uploading = upload.matches('debouncing') || upload.matches('uploading');

  useUnsavedData(uploading);
  useEffect(() => {
    closeRequest.current = uploading ? () => setConfirmClose(true) : null;
    if (!uploading) setConfirmClose(false);
    return () => {
      closeRequest.current = null;
    };
  }, [uploading, closeRequest]);

  const active = documents.data?.filter((d) => !d.isDeleted) ?? [];
  const deleted = documents.data?.filter((d) => d.isDeleted) ?? [];

  const reportedCount = useRef<number | null>(null);
  useEffect(() => {
    if (!documents.data || reportedCount.current === active.length) return;
    reportedCount.current = active.length;
    onCountChange?.(active.length);
  }, [documents.data, active.length, onCountChange]);

  const change = useMutation({
    mutationFn: async (action: { kind: 'delete' | 'deletePermanently' | 'restore'; document: Document }) => {
      const id = action.document.documentId;
      if (action.kind === 'restore') await restoreDocument(owner, id);
      else await deleteDocument(owner, id, action.kind === 'deletePermanently');
      return action;
    },
    onSuccess: async (action) => {
      await refresh();
      const name = action.document.documentName;
      const message =
        action.kind === 'restore'
          ? t('documents:restored', { name })
          : action.kind === 'delete'
            ? t('documents:deleted', { name })
            : t('documents:deleted_permanently', { name });
      showToast(message, Intent.SUCCESS);
    },
    onError: (e, action) => {
      const fallback = action.kind === 'restore' ? 'documents:restore_failed' : 'documents:delete_failed';
      const problem = documentFailureMessage(e, fallback);
      showToast(t(problem.key, { ...problem.values, name: action.document.documentName }), Intent.DANGER);
      void refresh();
    },
  });
  const busyId = change.isPending ? change.variables.document.documentId : null;

  const fileAction = (action: (d: Document) => Promise<void>) => (document: Document) =>
    void action(document).catch((e: unknown) => {
      const problem = documentFailureMessage(e, 'documents:download_failed');
      showToast(t(problem.key, { ...problem.values, name: document.documentName }), Intent.DANGER);
    });
  const tableProps = {
    owner,
    busyId,
    onOpen: fileAction(openDocument),
    onDownload: fileAction(downloadDocument),
    onDelete: (document: Document) => setConfirmation({ kind: 'delete', document }),
    onRestore: (document: Document) => change.mutate({ kind: 'restore', document }),
    onDeletePermanently: (document: Document) => setConfirmation({ kind: 'deletePermanently', document }),
  };

  const listState = (items: Document[], emptyTitle: string, emptyText: string, kind: 'active' | 'deleted') => {
    if (documents.isPending) {
      return (
        <SectionNonIdealState
          level={3}
          icon={<Spinner size={32} />}
          title={t('documents:loading')}
          layout="horizontal"
        />
      );
    }
    if (documents.isError) {
      return (
        <Callout intent={Intent.DANGER} icon="error" role="alert" title={t('documents:load_failed')}>
          {t(documentFailureMessage(documents.error, 'documents:load_failed_text').key)}
          <div style={{ marginTop: 8 }}>
            <Button icon="refresh" text={t('documents:retry')} onClick={() => void documents.refetch()} />
          </div>
        </Callout>
      );
    }
    if (items.length === 0) {
      return (
        <SectionNonIdealState
          level={3}
          icon={kind === 'active' ? 'document' : 'trash'}
          title={emptyTitle}
          description={emptyText}
        />
      );
    }
    return <DocumentTable {...tableProps} documents={items} kind={kind} />;
  };

  const countOf = (n: number) => (documents.data ? n : '…');

  return (
    <>
      <DialogBody>
        <Tabs id="document-viewer-tabs" selectedTabId={tab} onChange={setTab} renderActiveTabPanelOnly>
          <Tab
            id="active"
            title={t('documents:tab_documents', { n: countOf(active.length) })}
            panel={
              <>
                <DocumentUploadArea
                  uploads={upload.context.uploads}
                  problems={upload.context.problems}
                  busy={upload.matches('uploading')}
                  failed={upload.matches('failed')}
                  onPick={(files) => send({ type: 'PICK', files })}
                  onRetry={() => send({ type: 'RETRY' })}
                  onDismiss={() => send({ type: 'DISMISS' })}
                />
                <div style={{ marginTop: 12 }}>
                  {listState(active, t('documents:empty_title'), t('documents:empty_text'), 'active')}
                </div>
              </>
            }
          />
          <Tab
            id="deleted"
            title={t('documents:tab_deleted', { n: countOf(deleted.length) })}
            panel={listState(deleted, t('documents:deleted_empty_title'), t('documents:deleted_empty_text'), 'deleted')}
          />
        </Tabs>
      </DialogBody>
      <DialogFooter
        actions={<Button text={t('documents:close')} onClick={() => (uploading ? setConfirmClose(true) : onClose())} />}
      />

      <ConfirmAlert
        isOpen={confirmation !== null}
        icon={confirmation?.kind === 'deletePermanently' ? 'delete' : 'trash'}
        message={
          confirmation?.kind === 'deletePermanently'
            ? t('documents:delete_permanently_confirm', { name: confirmation.document.documentName })
            : t('documents:delete_confirm', { name: confirmation?.document.documentName ?? '' })
        }
        confirmText={
          confirmation?.kind === 'deletePermanently' ? t('documents:delete_permanently') : t('documents:delete')
        }
        cancelText={t('documents:cancel')}
        onCancel={() => setConfirmation(null)}
        onConfirm={() => {
          if (confirmation) change.mutate(confirmation);
          setConfirmation(null);
        }}
      />

      <ConfirmAlert
        // An upload that ends while the question is open leaves nothing to lose: the question goes away.
        isOpen={confirmClose && uploading}
        intent={Intent.WARNING}
        icon="warning-sign"
        message={t('documents:upload_in_progress_confirm')}
        confirmText={t('documents:stop_and_close')}
        cancelText={t('documents:keep_uploading')}
        onCancel={() => setConfirmClose(false)}
        onConfirm={() => {
          setConfirmClose(false);
          send({ type: 'CANCEL' });
          onClose();
        }}
      />
    </>
  );
}
