import { useEffect, useRef, useState } from 'react';
import { AnchorButton, Button, Callout, H1, InputGroup, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { EXCEL_CONTENT_TYPES } from '../../../../contract/images';
import { CATALOGUE_TEMPLATE_PATH, ProductMarketImportFailure } from '../../../../contract/importProductMarket';
import { PRODUCT_IMPORT_ERROR_SECONDS } from '../../../../contract/limits';
import type { ProductMarketInfoRow } from '../../../../contract/productMarketInfo';
import { importProductMarketMachine } from '../../../../machines/importProductMarket.machine';
import { ListBody, pageParam, searchParam, usePageWithinList, useSearchText } from '../../components/list';
import { getToaster } from '../../components/toaster';
import { askWhoIsSignedIn } from '../../lib/sessionHandOver';
import { useListParams } from '../../lib/listUrl';
import { CatalogueGrid, type DescriptionField } from './CatalogueGrid';
import { catalogueKeys } from './api/catalogueKeys';
import { CATALOGUE_PAGE_SIZE, useCatalogueList } from './api/catalogueList';
import { DescriptionEditorDialog } from './DescriptionEditorDialog';
import { FailedRows } from './FailedRows';
import { runCatalogueImportOverHub, uploadCatalogueFile } from './hubCatalogueImport';
import { useHubClient } from '../../lib/hub';

const ACCEPT = EXCEL_CONTENT_TYPES.join(',');

/** The parameters of the catalogue's URL: the part number searched and the page. */
const LIST_PARAMS = { q: searchParam(), page: pageParam() };
const LIST_DEFAULTS = { q: '', page: 0 };

/** Refusals with a message more precise than import_failed. */
const FAILURE_MESSAGE: Partial<Record<number, string>> = {
  [ProductMarketImportFailure.LegacyXls]: 'productCatalogue:error_legacy_xls',
  [ProductMarketImportFailure.NoKnownColumns]: 'productCatalogue:error_no_columns',
};

/**
 * /administration/importProdInfo (spec 3 "Import product info"): upload a catalogue Excel file, imported over the
 * hub with progress, then the paginated catalogue with its part-number filter and the descriptions' editor.
 */
export function ProductCataloguePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [{ q, page: pageIndex }, change] = useListParams(LIST_PARAMS, LIST_DEFAULTS);
  // A new filter starts again from the first page.
  const search = useSearchText({ searched: q, onSearch: (words) => change({ q: words, page: 0 }) });
  const setPageIndex = (page: number) => change({ page });
  const [editing, setEditing] = useState<{ row: ProductMarketInfoRow; field: DescriptionField } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useCatalogueList(q, pageIndex);
  usePageWithinList(
    pageIndex,
    CATALOGUE_PAGE_SIZE,
    list.isPlaceholderData ? undefined : list.data?.totalCount,
    setPageIndex,
  );

  const latest = useRef({ t, change });
  useEffect(() => {
    latest.current = { t, change };
  });
  const hub = useHubClient();
  const [snapshot, send] = useMachine(
    importProductMarketMachine.provide({
      actors: {
        upload: uploadCatalogueFile,
        runImport: runCatalogueImportOverHub(hub),
      },
      actions: {
        notifyWrongType: () =>
          void getToaster().then((toaster) =>
            toaster.show({
              message: latest.current.t('productCatalogue:error_msg_fileWrong'),
              intent: Intent.DANGER,
              icon: 'error',
              timeout: PRODUCT_IMPORT_ERROR_SECONDS * 1000,
            }),
          ),
        notifySuccess: (_, count) =>
          void getToaster().then((toaster) =>
            toaster.show({
              message: latest.current.t('productCatalogue:import_success', { count }),
              intent: Intent.SUCCESS,
              icon: 'tick',
            }),
          ),
        notifyFailed: (_, errorCode) => {
          if (errorCode === ProductMarketImportFailure.NotSignedIn) {
            // The whole app answers an ended session: asking who is signed in brings up its modal.
            askWhoIsSignedIn();
            return;
          }
          const message = latest.current.t(FAILURE_MESSAGE[errorCode ?? 0] ?? 'productCatalogue:import_failed');
          void getToaster().then((toaster) => toaster.show({ message, intent: Intent.DANGER, icon: 'error' }));
        },
        imported: () => {
          latest.current.change({ page: 0 });
          void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
        },
      },
    }),
  );
  const busy = !snapshot.matches('idle');

  return (
    <section className="list-page" aria-labelledby="catalogue-title">
      <header className="list-toolbar">
        <H1 id="catalogue-title">{t('productCatalogue:title')}</H1>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          hidden
          aria-label={t('productCatalogue:upload')}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) send({ type: 'CHOOSE_FILE', file });
          }}
        />
        <Button
          icon="upload"
          intent={Intent.PRIMARY}
          text={t('productCatalogue:upload')}
          title={t('productCatalogue:upload_hint')}
          loading={busy}
          onClick={() => fileInput.current?.click()}
        />
        <AnchorButton
          variant="minimal"
          icon="download"
          href={encodeURI(CATALOGUE_TEMPLATE_PATH)}
          download
          text={t('productCatalogue:download_template')}
        />
        <InputGroup
          className="list-search"
          type="search"
          leftIcon="search"
          aria-label={t('productCatalogue:filter_part_number')}
          placeholder={t('productCatalogue:filter_part_number')}
          value={search.typed}
          maxLength={200}
          onValueChange={search.setTyped}
        />
        {list.isFetching && !list.isPending && <Tag minimal>{t('productCatalogue:loading')}</Tag>}
      </header>

      {busy && (
        <div role="status" style={{ display: 'grid', gap: 6, maxWidth: 480 }}>
          <span>{t(snapshot.matches('uploading') ? 'productCatalogue:uploading' : 'productCatalogue:importing')}</span>
          <ProgressBar
            intent={Intent.PRIMARY}
            value={snapshot.matches('uploading') ? undefined : snapshot.context.progress / 100}
            aria-label={t('productCatalogue:import_progress')}
            aria-valuenow={snapshot.context.progress}
            aria-valuemin={0}
            aria-valuemax={100}
          />
        </div>
      )}
      {Object.keys(snapshot.context.failedRows).length > 0 && (
        <Callout intent={Intent.DANGER} icon="error">
          <FailedRows rows={snapshot.context.failedRows} />
        </Callout>
      )}

      <ListBody
        list={list}
        paging={{ pageIndex, pageSize: CATALOGUE_PAGE_SIZE, onPage: setPageIndex }}
        texts={{
          loading: t('productCatalogue:loading'),
          loadFailed: t('productCatalogue:load_failed'),
          empty: t('productCatalogue:empty'),
          emptyFiltered: t('productCatalogue:empty_filtered'),
          emptyHint: t('productCatalogue:empty_hint'),
        }}
        emptyIcon="box"
        narrowed={search.keyword !== ''}
        onClearQuery={() => change({ q: '', page: 0 })}
      >
        {(rows) => <CatalogueGrid rows={rows} onEdit={(row, field) => setEditing({ row, field })} />}
      </ListBody>

      {editing && <DescriptionEditorDialog row={editing.row} field={editing.field} onClose={() => setEditing(null)} />}
    </section>
  );
}
