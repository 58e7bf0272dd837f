import { Button, Callout, Classes, HTMLTable, Intent, Popover, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../contract/documents';
import { useDocumentVersions } from './api/documents';
import { documentFailureMessage } from './documentFailures';
import type { DocumentOwner } from './documentsApi';
import { UploadCells, UploadHeadCells } from './UploadCells';

export interface DocumentVersionsProps {
  owner: DocumentOwner;
  document: Document;
  onDownload(version: Document): void;
}

/** The version of a document as a button that opens its version history (spec 2 section 2). */
export function DocumentVersions({ owner, document, onDownload }: DocumentVersionsProps) {
  const { t } = useTranslation();
  return (
    <Popover
      placement="bottom"
      content={<VersionList owner={owner} document={document} onDownload={onDownload} />}
      // Loaded when opened, and anew each time: another user may have added a version meanwhile.
      lazy
    >
      <Button
        size="small"
        variant="minimal"
        icon="history"
        text={document.version}
        aria-label={`${document.version} ${t('documents:version_history_of', { name: document.documentName })}`}
        title={t('documents:show_versions')}
      />
    </Popover>
  );
}

function VersionList({ owner, document, onDownload }: DocumentVersionsProps) {
  const { t } = useTranslation();
  const history = useDocumentVersions(owner, document.documentId);
  return (
    <div style={{ padding: 12, minWidth: 420, maxHeight: 320, overflowY: 'auto' }}>
      <h4 className={Classes.HEADING}>{t('documents:version_history_title', { name: document.documentName })}</h4>
      {history.isPending ? (
        <div role="status" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Spinner size={16} />
          <span>{t('documents:versions_loading')}</span>
        </div>
      ) : history.isError ? (
        <Callout intent={Intent.DANGER} icon="error" role="alert">
          {t(documentFailureMessage(history.error, 'documents:versions_load_failed').key)}
          <div>
            <Button size="small" variant="minimal" text={t('documents:retry')} onClick={() => void history.refetch()} />
          </div>
        </Callout>
      ) : (
        <HTMLTable
          compact
          striped
          style={{ width: '100%' }}
          aria-label={t('documents:version_history_title', { name: document.documentName })}
        >
          <thead>
            <tr>
              <th>{t('documents:column_version')}</th>
              <UploadHeadCells />
            </tr>
          </thead>
          <tbody>
            {history.data.map((version) => (
              <tr key={version.documentId}>
                <td>{version.version}</td>
                <UploadCells document={version} />
                <td>
                  <Button
                    size="small"
                    variant="minimal"
                    icon="download"
                    aria-label={t('documents:download_version', {
                      name: version.documentName,
                      version: version.version,
                    })}
                    title={t('documents:download')}
                    onClick={() => onDownload(version)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
