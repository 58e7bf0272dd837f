import { useId, useState } from 'react';
import { Button, Collapse, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { UtilizationPeriod } from '../../../../../contract/equipment';
import { barValues, formatTwoDecimals, periodLabel, type SummaryView } from './utilizationAxis';

export interface UtilizationDataTableProps {
  periods: readonly UtilizationPeriod[];
  range: number;
  view: SummaryView;
  /** Names the table, e.g. "Utilization per period, last 12 months, total hours". */
  label: string;
  onOpenPeriod(period: UtilizationPeriod): void;
}

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The chart's values as a table behind a "Show data table" toggle, in the unit of the summary view: what screen
 * readers and keyboard users read instead of the bars, each period with a button opening its runs.
 */
export function UtilizationDataTable({ periods, range, view, label, onOpenPeriod }: UtilizationDataTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <div>
      <Button
        variant="minimal"
        icon="th"
        endIcon={open ? 'chevron-up' : 'chevron-down'}
        aria-expanded={open}
        aria-controls={tableId}
        text={t(open ? 'utilization:hide_table' : 'utilization:show_table')}
        onClick={() => setOpen((o) => !o)}
      />
      <div id={tableId}>
        <Collapse isOpen={open}>
          <div style={{ maxHeight: 420, overflow: 'auto' }}>
            <HTMLTable compact striped aria-label={label} style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th scope="col">{t('utilization:col_period')}</th>
                  <th scope="col" style={{ textAlign: 'right' }}>
                    {t(`utilization:col_utilization_${view}`)}
                  </th>
                  <th scope="col" style={{ textAlign: 'right' }}>
                    {t(`utilization:col_service_${view}`)}
                  </th>
                  <th scope="col">
                    <span style={VISUALLY_HIDDEN}>{t('utilization:col_runs')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {periods.map((period) => {
                  const name = periodLabel(period, range, locale, 'long');
                  const bars = barValues(period, view);
                  return (
                    <tr key={period.startDate}>
                      <th scope="row" style={{ fontWeight: 'normal' }}>
                        {name}
                      </th>
                      <td style={{ textAlign: 'right' }}>{formatTwoDecimals(bars.utilization, locale)}</td>
                      <td style={{ textAlign: 'right' }}>{formatTwoDecimals(bars.service, locale)}</td>
                      <td>
                        <Button
                          size="small"
                          variant="minimal"
                          icon="th-list"
                          text={t('utilization:runs')}
                          aria-label={t('utilization:runs_of', { period: name })}
                          onClick={() => onOpenPeriod(period)}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          </div>
        </Collapse>
      </div>
    </div>
  );
}
