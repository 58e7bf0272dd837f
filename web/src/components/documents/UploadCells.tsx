import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../contract/documents';
import { formatDateTime } from '../../lib/dates';
import { FileSize } from './FileSize';

/** The heads of the upload columns of a document table and a version history, and of the actions after them. */
export function UploadHeadCells() {
  const { t } = useTranslation();
  return (
    <>
      <th>{t('documents:column_uploaded_on')}</th>
      <th>{t('documents:column_uploaded_by')}</th>
      <th>{t('documents:column_size')}</th>
      <th>
        <span className={Classes.TEXT_MUTED}>{t('documents:column_actions')}</span>
      </th>
    </>
  );
}

/** When, by whom and how large a document (version) was uploaded. */
export function UploadCells({ document }: { document: Document }) {
  return (
    <>
      <td>{formatDateTime(document.uploadDate)}</td>
      <td>{document.userName}</td>
      <td>
        <FileSize bytes={document.identifier.size} />
      </td>
    </>
  );
}
