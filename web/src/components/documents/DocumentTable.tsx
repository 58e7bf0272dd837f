import { Button, ButtonGroup, HTMLTable, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../contract/documents';
import { canOpenInBrowser, type DocumentOwner } from './documentsApi';
import { DocumentVersions } from './DocumentVersions';
import { UploadCells, UploadHeadCells } from './UploadCells';

export interface DocumentTableProps {
  owner: DocumentOwner;
  documents: Document[];
  /** Active documents or Deleted items: which actions a row has. */
  kind: 'active' | 'deleted';
  /** The id of the document an action is running for. */
  busyId: number | null;
  onOpen(document: Document): void;
  onDownload(document: Document): void;
  onDelete(document: Document): void;
  onRestore(document: Document): void;
  onDeletePermanently(document: Document): void;
}

/** The documents of one tab, newest upload first, with their version history and actions. */
export function DocumentTable(props: DocumentTableProps) {
  const { t } = useTranslation();
  const { owner, documents, kind, busyId } = props;
  return (
    <HTMLTable
      compact
      striped
      interactive
      style={{ width: '100%' }}
      aria-label={kind === 'active' ? t('documents:table_active') : t('documents:table_deleted')}
    >
      <thead>
        <tr>
          <th>{t('documents:column_name')}</th>
          <th>{t('documents:column_version')}</th>
          <UploadHeadCells />
        </tr>
      </thead>
      <tbody>
        {documents.map((document) => {
          const busy = busyId === document.documentId;
          return (
            <tr key={document.documentId}>
              <td style={{ wordBreak: 'break-word' }}>
                <Button
                  variant="minimal"
                  size="small"
                  intent={Intent.PRIMARY}
                  text={document.documentName}
                  title={canOpenInBrowser(document.documentName) ? t('documents:open') : t('documents:download')}
                  onClick={() =>
                    canOpenInBrowser(document.documentName) ? props.onOpen(document) : props.onDownload(document)
                  }
                />
              </td>
              <td>
                <DocumentVersions owner={owner} document={document} onDownload={props.onDownload} />
              </td>
              <UploadCells document={document} />
              <td>
                <ButtonGroup variant="minimal">
                  <Button
                    size="small"
                    icon="download"
                    aria-label={t('documents:download_named', { name: document.documentName })}
                    title={t('documents:download')}
                    onClick={() => props.onDownload(document)}
                  />
                  {kind === 'active' ? (
                    <Button
                      size="small"
                      icon="trash"
                      intent={Intent.DANGER}
                      loading={busy}
                      disabled={busyId !== null && !busy}
                      aria-label={t('documents:delete_named', { name: document.documentName })}
                      title={t('documents:delete')}
                      onClick={() => props.onDelete(document)}
                    />
                  ) : (
                    <>
                      <Button
                        size="small"
                        icon="undo"
                        intent={Intent.PRIMARY}
                        loading={busy}
                        disabled={busyId !== null && !busy}
                        aria-label={t('documents:restore_named', { name: document.documentName })}
                        title={t('documents:restore')}
                        onClick={() => props.onRestore(document)}
                      />
                      <Button
                        size="small"
                        icon="delete"
                        intent={Intent.DANGER}
                        disabled={busyId !== null}
                        aria-label={t('documents:delete_permanently_named', { name: document.documentName })}
                        title={t('documents:delete_permanently')}
                        onClick={() => props.onDeletePermanently(document)}
                      />
                    </>
                  )}
                </ButtonGroup>
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
