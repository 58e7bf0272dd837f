import { useEffect, useMemo, useRef, useState } from 'react';
import { AnchorButton, Button, Classes, H1, Intent, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { contract } from '../../../../contract';
import type { EquipmentDetail } from '../../../../contract/equipment';
import type { InstrumentImageData } from '../../../../contract/images';
import { ContractTeamDialog } from '../../components/contractRequest/ContractTeamDialog';
import { EditEhsDialog } from '../../components/ehs/EditEhsDialog';
import { EquipmentFormDialog, equipmentFieldLabelKey } from '../../components/equipmentForm';
import { HistoryList } from '../../components/history';
import { FROM_LABEL } from '../../components/labels/labelSheet';
import { LabelScanNote } from '../../components/labels/LabelScanNote';
import { LabelSheetDialog } from '../../components/labels/LabelSheetDialog';
import { ServiceRequestDialog } from '../../components/serviceRequest/ServiceRequestDialog';
import { showToast } from '../../components/showToast';
import { useMayCall } from '../../lib/access';
import { useCurrentSession } from '../../lib/currentUser';
import { requestErrorOf } from '../../lib/requestErrors';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { equipmentKeys } from '../../lib/equipmentKeys';
import { useEquipmentDetail } from './api/equipmentDetail';
import { detailTitle, isNotFound, isUserAdded, parseEquipmentId } from './equipmentIdentity';
import { equipmentHistoryFields } from './historyFields';
import { HistoryExportButtons } from './HistoryExportButtons';
import { InstrumentTab } from './InstrumentTab';
import { WorkOrderOverviewTab } from './workOrderOverview/WorkOrderOverviewTab';
import { ProductInformationTab } from './productInfo/ProductInformationTab';
import { EMethodsTab } from './emethods/EMethodsTab';
import { useEMethods } from './emethods/useEMethods';
import { UtilizationTab, useHasAssetGeniusSite, usePrefetchUtilization } from './utilization';
import { useTabPrefetch, type PrefetchedTab } from './useTabPrefetch';

type TabId = 'instrument' | 'workOrders' | 'productInfo' | 'emethods' | 'utilization' | 'history';

const TITLE_ID = 'equipment-detail-title';
const toolbar = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 12 } as const;
const backRow = { marginBottom: 4, marginLeft: -8 } as const;

/** What a failed lookup says, besides not found (which goes back to the list). */
function loadProblemKey(error: unknown): string {
  const e = requestErrorOf(error);
  if (e.kind === 'network') return 'errorMessage:network_error';
  if (e.kind === 'api') return `errorMessage:error_msg_${e.errorCode}`;
  if (e.kind === 'http' && e.status === 401) return 'modal_sessionExpired_body';
  if (e.kind === 'http' && e.status === 403) return 'errorMessage:permissions_changed';
  if (e.kind === 'http' && e.status === 429) return 'errorMessage:too_many_requests';
  return 'errorMessage:system_error';
}

/** /app/product/equipmentDetail/{equipmentId} (spec 2 section 2): one instrument with its tabs. */
export function EquipmentDetailPage() {
  const { equipmentId } = useParams();
  // A fresh page for each instrument: tabs, dialogs and redirects start over.
  return <EquipmentDetailView key={equipmentId} equipmentId={parseEquipmentId(equipmentId)} />;
}

function EquipmentDetailView({ equipmentId }: { equipmentId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { base, user } = useCurrentSession();
  const mayEdit = useMayCall(contract.equipment.update);
  const mayEditEhs = useMayCall(contract.equipment.updateEhs);
  const mayRequestContractChange = useMayCall(contract.equipment.requestContract);
  const detail = useEquipmentDetail(equipmentId);
  const emethods = useEMethods(detail.data);
  const hasMonitoringSite = useHasAssetGeniusSite();
  usePrefetchUtilization(detail.data ? equipmentId : null, hasMonitoringSite);
  const prefetchTab = useTabPrefetch(detail.data);
  const [tab, setTab] = useState<TabId>('instrument');
  const [dialog, setDialog] = useState<'serviceRequest' | 'edit' | 'ehs' | 'contract' | 'labels' | null>(null);
  const fromLabel = useSearchParams()[0].get(FROM_LABEL.name) === FROM_LABEL.value;
  const listPath = `${base}/product`;
  const locations = user.userLocation.customer.customerLocations;
  const historyFields = useMemo(() => equipmentHistoryFields(equipmentFieldLabelKey, locations), [locations]);
  const notFound = equipmentId === null || (detail.isError && isNotFound(detail.error));
  const leaving = useRef(false);

  useEffect(() => {
    if (detail.error && !notFound) handOverSessionErrors(detail.error);
  }, [detail.error, notFound]);
  useEffect(() => {
    if (!notFound || leaving.current) return;
    leaving.current = true;
    showToast(t('errorMessage:error_msg_10002'), Intent.DANGER, 'error');
    navigate(listPath, { replace: true });
  }, [notFound, listPath, navigate, t]);

  const back = (
    <AnchorButton
      icon="arrow-left"
      variant="minimal"
      href={listPath}
      text={t('equipmentDetail:back')}
      onClick={(e) => {
        e.preventDefault();
        navigate(listPath);
      }}
    />
  );

  if (notFound || detail.isPending) {
    return (
      <section className="portal-page" aria-labelledby={TITLE_ID} aria-busy="true">
        <div style={backRow}>{back}</div>
        <div style={toolbar} className="equipment-detail-toolbar">
          <H1 id={TITLE_ID} className={Classes.SKELETON} style={{ margin: 0, minWidth: 320 }}>
            {t('equipmentDetail:loading')}
          </H1>
        </div>
        <Spinner aria-label={t('equipmentDetail:loading')} />
      </section>
    );
  }
  // A failed reload keeps what is on screen; only a page without data shows the failure.
  const equipment = detail.data;
  if (!equipment) {
    return (
      <section className="portal-page" aria-labelledby={TITLE_ID}>
        <div style={backRow}>{back}</div>
        <NonIdealState
          icon="error"
          title={<span id={TITLE_ID}>{t('equipmentDetail:load_failed')}</span>}
          description={t(loadProblemKey(detail.error), { defaultValue: t('errorMessage:system_error') })}
          action={<Button icon="refresh" text={t('retry')} onClick={() => void detail.refetch()} />}
        />
      </section>
    );
  }

  const title = detailTitle(equipment);
  const prefetchOnApproach = (tab: PrefetchedTab) => ({
    onMouseEnter: () => prefetchTab(tab),
    onFocus: () => prefetchTab(tab),
  });
  const imagesChanged = (data: InstrumentImageData | null) =>
    queryClient.setQueryData<EquipmentDetail>(
      equipmentKeys.detail(equipment.equipmentId),
      (old) => old && { ...old, instrumentImageData: data },
    );

  return (
    <section className="portal-page" aria-labelledby={TITLE_ID}>
      <div style={backRow}>{back}</div>
      <div style={toolbar} className="equipment-detail-toolbar">
        <H1 id={TITLE_ID} style={{ margin: 0, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </H1>
        {!isUserAdded(equipment) && (
          <Button
            icon="wrench"
            text={t('inventory:action_service_request')}
            onClick={() => setDialog('serviceRequest')}
          />
        )}
        {tab === 'instrument' && mayEdit && (
          <Button
            icon="edit"
            intent={Intent.PRIMARY}
            text={t('equipmentDetail:edit_instrument')}
            onClick={() => setDialog('edit')}
          />
        )}
        {tab === 'instrument' && mayEditEhs && (
          <Button icon="shield" text={t('ehs:action_edit')} onClick={() => setDialog('ehs')} />
        )}
        <Button icon="barcode" text={t('qrLabels:print_labels')} onClick={() => setDialog('labels')} />
      </div>
      {fromLabel && (
        <LabelScanNote onReportProblem={isUserAdded(equipment) ? undefined : () => setDialog('serviceRequest')} />
      )}
      <Tabs
        id="equipment-detail-tabs"
        selectedTabId={tab}
        onChange={(id) => setTab(id as TabId)}
        renderActiveTabPanelOnly
      >
        <Tab
          id="instrument"
          title={t('equipmentDetail:tab_instrument')}
          panel={
            <InstrumentTab
              equipment={equipment}
              title={title}
              onImagesChanged={imagesChanged}
              onRequestContractChange={
                mayRequestContractChange && !isUserAdded(equipment) ? () => setDialog('contract') : undefined
              }
            />
          }
        />
        <Tab
          id="workOrders"
          title={t('equipmentDetail:tab_work_orders')}
          {...prefetchOnApproach('workOrders')}
          panel={<WorkOrderOverviewTab equipment={equipment} />}
        />
        {equipment.productMarketInfo && (
          <Tab
            id="productInfo"
            title={t('equipmentDetail:tab_product_info')}
            {...prefetchOnApproach('productInfo')}
            panel={<ProductInformationTab equipment={equipment} />}
          />
        )}
        {emethods.showTab && (
          <Tab id="emethods" title={t('emethods:tab')} panel={<EMethodsTab equipment={equipment} />} />
        )}
        {hasMonitoringSite && (
          <Tab id="utilization" title={t('utilization:tab')} panel={<UtilizationTab equipment={equipment} />} />
        )}
        <Tab
          id="history"
          title={t('history:tab')}
          {...prefetchOnApproach('history')}
          panel={
            <>
              <HistoryExportButtons equipmentId={equipment.equipmentId} />
              <HistoryList
                kind="equipment"
                id={equipment.equipmentId}
                label={t('history:equipment_label', { name: title })}
                fields={historyFields}
              />
            </>
          }
        />
      </Tabs>
      <ServiceRequestDialog
        isOpen={dialog === 'serviceRequest'}
        equipment={equipment}
        onClose={() => setDialog(null)}
      />
      <EquipmentFormDialog
        isOpen={dialog === 'edit'}
        equipment={equipment}
        onClose={() => setDialog(null)}
        onSaved={() => void detail.refetch({ cancelRefetch: false })}
      />
      {dialog === 'labels' && (
        <LabelSheetDialog equipmentIds={[equipment.equipmentId]} onClose={() => setDialog(null)} />
      )}
      {dialog === 'contract' && <ContractTeamDialog equipment={equipment} onClose={() => setDialog(null)} />}
      {dialog === 'ehs' && (
        <EditEhsDialog
          target={equipment}
          onClose={() => setDialog(null)}
          onSaved={() => void detail.refetch({ cancelRefetch: false })}
        />
      )}
    </section>
  );
}
