import { Colors } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { UtilizationPeriod } from '../../../../../contract/equipment';
import {
  axisMax,
  barValues,
  formatTwoDecimals,
  isMonthlyRange,
  periodLabel,
  type SummaryView,
} from './utilizationAxis';

/** Spec 2 section 9: blue for utilization, orange for service and downtime. */
export const UTILIZATION_COLOR = Colors.BLUE3;
export const SERVICE_COLOR = Colors.ORANGE3;

export interface UtilizationChartProps {
  periods: readonly UtilizationPeriod[];
  /** The range the periods are of: days or months on the x-axis. */
  range: number;
  view: SummaryView;
  /** The accessible summary of the chart (a data table beside it has the values). */
  summary: string;
  onOpenPeriod(period: UtilizationPeriod): void;
}

/**
 * The bar chart of utilization against service and downtime per period (spec 2 section 2), the y-axis up to the
 * maximum of spec 2 section 9. Clicking a bar opens the period's details. Screen readers get the summary; the bars
 * are reached by keyboard through the data table. Fills its parent, which sets the height.
 */
export default function UtilizationChart({ periods, range, view, summary, onOpenPeriod }: UtilizationChartProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const monthly = isMonthlyRange(range);
  const rows = periods.map((period) => ({ label: periodLabel(period, range, locale), ...barValues(period, view) }));
  const open = (index: number) => {
    const period = periods[index];
    if (period) onOpenPeriod(period);
  };
  const format = (value: unknown) => formatTwoDecimals(Number(value), locale);
  return (
    <div role="img" aria-label={summary} style={{ width: '100%', height: '100%' }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 800, height: 340 }}>
        <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 24, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="label"
            // Every month is named, slanted so that long names fit; of the days, as many as fit.
            interval={monthly ? 0 : 'preserveStartEnd'}
            angle={monthly ? -30 : 0}
            textAnchor={monthly ? 'end' : 'middle'}
            height={monthly ? 56 : 30}
            label={{
              value: t(monthly ? 'utilization:axis_month' : 'utilization:axis_day'),
              position: 'insideBottom',
              offset: -16,
            }}
          />
          <YAxis
            domain={[0, axisMax(periods, view)]}
            allowDecimals={false}
            label={{ value: t(`utilization:axis_${view}`), angle: -90, position: 'insideLeft', offset: 0 }}
          />
          <Tooltip formatter={format} cursor={{ fillOpacity: 0.3 }} />
          {/* In the order of the bars, not alphabetical. */}
          <Legend verticalAlign="top" height={32} itemSorter={null} />
          <Bar
            dataKey="utilization"
            name={t('utilization:utilization')}
            fill={UTILIZATION_COLOR}
            cursor="pointer"
            onClick={(_bar, index) => open(index)}
          />
          <Bar
            dataKey="service"
            name={t('utilization:service_downtime')}
            fill={SERVICE_COLOR}
            cursor="pointer"
            onClick={(_bar, index) => open(index)}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
