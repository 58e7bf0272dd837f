import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { AnchorButton, Card, Classes, FormGroup, H2, HTMLSelect, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_UTILIZATION_RANGE,
  DEFAULT_UTILIZATION_SUMMARY_VIEW,
  UTILIZATION_RANGES,
  UTILIZATION_SUMMARY_VIEWS,
  type EquipmentDetail,
  type Utilization,
  type UtilizationPeriod,
} from '../../../../../contract/equipment';
import { LoadFailedCallout } from '../../../components/LoadFailedCallout';
import { formatDateTime } from '../../../lib/dates';
import { DetailSection } from '../DetailSection';
import { FieldList, type FieldItem } from '../FieldList';
import { CaptureStatus, ConnectionStatus } from './AssetStatus';
import { UtilizationDataTable } from './UtilizationDataTable';
import { UtilizationDetailsDialog } from './UtilizationDetailsDialog';
import { formatTwoDecimals, utilizationTotals, type SummaryView } from './utilizationAxis';
import { useUtilizationAsset } from '../api/utilization';

/** The chart library loads with the first chart, not with the portal. */
const loadChart = () => import('./UtilizationChart');
const UtilizationChart = lazy(loadChart);

/** Spec 2 section 9: "Chart render delay 500 ms". */
export const CHART_RENDER_DELAY_MS = 500;
const CHART_HEIGHT = 340;

const toolbar = { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 16, marginBottom: 12 } as const;
const column = { display: 'flex', flexDirection: 'column', gap: 16, paddingTop: 8 } as const;

/** The external asset-monitoring page: the template with the asset id put in; only http(s) links are offered. */
export function assetMonitoringUrl(template: string | null, assetId: string | null): string | null {
  if (!template || !assetId) return null;
  const href = template.replaceAll('{assetId}', encodeURIComponent(assetId));
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** True once the delay has passed since the component mounted. */
function useDelayPassed(ms: number) {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return passed;
}

/**
 * The Utilization tab of the instrument page (spec 2 section 2): date range and summary view, the bar chart of
 * utilization against service and downtime per period with its data table and totals, the asset data, and the
 * link to the asset-monitoring site; without monitoring data, why there is none.
 */
export function UtilizationTab({ equipment }: { equipment: EquipmentDetail }) {
  const { t } = useTranslation();
  const rangeId = useId();
  const viewId = useId();
  const [range, setRange] = useState<number>(DEFAULT_UTILIZATION_RANGE);
  const [view, setView] = useState<SummaryView>(DEFAULT_UTILIZATION_SUMMARY_VIEW);
  const asset = useUtilizationAsset(equipment.equipmentId, range);
  // The render delay runs from the tab's opening, while the data and the chart's code load.
  const chartShown = useDelayPassed(CHART_RENDER_DELAY_MS);
  useEffect(() => {
    void loadChart();
  }, []);

  if (asset.isPending) {
    return <NonIdealState icon={<Spinner size={32} />} title={t('utilization:loading')} />;
  }
  if (asset.data?.assetUtilization === null) {
    const requested = asset.data.assetRequested;
    return (
      <NonIdealState
        icon={requested ? 'time' : 'disable'}
        title={t(requested ? 'utilization:request_created_title' : 'utilization:not_added_title')}
        description={t(requested ? 'utilization:request_created' : 'utilization:not_added')}
      />
    );
  }
  const utilization = asset.data?.assetUtilization;
  const link = utilization ? assetMonitoringUrl(utilization.assetUrlTemplate, utilization.assetId) : null;

  return (
    <div style={column}>
      <div style={toolbar}>
        <FormGroup label={t('utilization:date_range')} labelFor={rangeId} style={{ margin: 0 }}>
          <HTMLSelect
            id={rangeId}
            value={range}
            onChange={(e) => setRange(Number(e.currentTarget.value))}
            options={UTILIZATION_RANGES.map((r) => ({ value: r, label: t(`utilization:range_${r}`) }))}
          />
        </FormGroup>
        <FormGroup label={t('utilization:summary_view')} labelFor={viewId} style={{ margin: 0 }}>
          <HTMLSelect
            id={viewId}
            value={view}
            onChange={(e) => setView(e.currentTarget.value as SummaryView)}
            options={UTILIZATION_SUMMARY_VIEWS.map((v) => ({ value: v, label: t(`utilization:view_${v}`) }))}
          />
        </FormGroup>
        <span style={{ flex: 1 }} />
        {link && (
          <AnchorButton
            // It opens a page, so it is a link that looks like a button.
            role="link"
            icon="share"
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            text={t('utilization:view_asset')}
          />
        )}
      </div>
      {utilization ? (
        <MonitoredAsset
          equipment={equipment}
          utilization={utilization}
          view={view}
          busy={asset.isFetching}
          chartShown={chartShown}
        />
      ) : (
        <LoadFailedCallout
          title={t('utilization:load_failed')}
          error={asset.error}
          onRetry={() => void asset.refetch()}
        />
      )}
    </div>
  );
}

interface MonitoredAssetProps {
  equipment: EquipmentDetail;
  utilization: Utilization;
  view: SummaryView;
  /** A new range is being loaded: what is shown is the last one. */
  busy: boolean;
  /** The chart's render delay has passed. */
  chartShown: boolean;
}

function MonitoredAsset({ equipment, utilization, view, busy, chartShown }: MonitoredAssetProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [opened, setOpened] = useState<UtilizationPeriod | null>(null);
  const headingId = useId();
  const range = utilization.dateRangeSelect;
  const periods = utilization.eventSummary;
  const totals = utilizationTotals(utilization);
  const hours = (value: number) => formatTwoDecimals(value, locale);
  const rangeName = t(`utilization:range_${range}`);
  const viewName = t(`utilization:view_${view}`);
  const summary = t('utilization:chart_summary', {
    range: rangeName,
    view: viewName,
    count: periods.length,
    utilization: hours(totals.utilizationHours),
    service: hours(totals.serviceHours),
  });

  const text = (value: string | null) => value ?? '';
  const date = (value: string | null) => (value ? formatDateTime(value) : '');
  const totalItems: FieldItem[] = [
    { key: 'days', label: t('utilization:total_days'), value: new Intl.NumberFormat(locale).format(totals.totalDays) },
    { key: 'util', label: t('utilization:total_utilization'), value: hours(totals.utilizationHours) },
    { key: 'serv', label: t('utilization:total_service'), value: hours(totals.serviceHours) },
  ];
  const groups: Array<{ key: string; items: FieldItem[] }> = [
    {
      key: 'asset',
      items: [
        { key: 'site', label: t('utilization:field_site'), value: text(utilization.site) },
        { key: 'assetId', label: t('utilization:field_assetId'), value: text(utilization.assetId) },
        { key: 'assetName', label: t('utilization:field_assetName'), value: text(utilization.assetName) },
        { key: 'eqType', label: t('utilization:field_eqType'), value: text(utilization.eqType) },
        { key: 'software', label: t('utilization:field_software'), value: text(utilization.software) },
      ],
    },
    {
      key: 'capture',
      items: [
        { key: 'captureType', label: t('utilization:field_captureType'), value: text(utilization.captureType) },
        {
          key: 'captureStatus',
          label: t('utilization:field_captureStatus'),
          value: <CaptureStatus status={utilization.captureStatus} />,
        },
        { key: 'lastCapture', label: t('utilization:field_lastCaptureDate'), value: date(utilization.lastCaptureDate) },
      ],
    },
    {
      key: 'connection',
      items: [
        {
          key: 'connStatus',
          label: t('utilization:field_connStatus'),
          value: <ConnectionStatus status={utilization.connStatus} />,
        },
        {
          key: 'lastConnected',
          label: t('utilization:field_lastConnectedDate'),
          value: date(utilization.lastConnectedDate),
        },
      ],
    },
    {
      key: 'schedule',
      items: [
        {
          key: 'workHours',
          label: t('utilization:field_workHours'),
          value: utilization.workHours === null ? '' : new Intl.NumberFormat(locale).format(utilization.workHours),
        },
        { key: 'nonWorkDays', label: t('utilization:field_nonWorkDays'), value: text(utilization.nonWorkDays) },
      ],
    },
  ];

  return (
    <>
      <Card compact aria-labelledby={headingId} aria-busy={busy} role="region">
        <H2 className="portal-heading-3" id={headingId}>
          {t('utilization:chart_title', { range: rangeName })}
        </H2>
        <div style={{ height: CHART_HEIGHT }}>
          {chartShown ? (
            <Suspense fallback={<ChartSkeleton />}>
              <UtilizationChart
                periods={periods}
                range={range}
                view={view}
                summary={summary}
                onOpenPeriod={setOpened}
              />
            </Suspense>
          ) : (
            <ChartSkeleton />
          )}
        </div>
        <UtilizationDataTable
          periods={periods}
          range={range}
          view={view}
          label={t('utilization:table_label', { range: rangeName, view: viewName })}
          onOpenPeriod={setOpened}
        />
        <H2 className="portal-heading-3" style={{ marginTop: 16 }}>
          {t('utilization:totals')}
        </H2>
        <FieldList items={totalItems} />
      </Card>
      {groups.map((group) => (
        <DetailSection key={group.key} title={t(`utilization:group_${group.key}`)}>
          <FieldList items={group.items} />
        </DetailSection>
      ))}
      {opened && (
        <UtilizationDetailsDialog
          systemId={equipment.systemId ?? ''}
          period={opened}
          range={range}
          onClose={() => setOpened(null)}
        />
      )}
    </>
  );
}

function ChartSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className={Classes.SKELETON} style={{ height: '100%' }}>
      {t('utilization:chart_loading')}
    </div>
  );
}
