import { useState } from 'react';
import { Classes, HTMLTable, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { EMethodApplication, EMethodCompound } from './emethodCatalogue';

type DetailTab = 'description' | 'compounds' | 'methods' | 'systems';
type Measure = 'retentionTime' | 'wavelength' | 'mass';

const MEASURES: readonly Measure[] = ['retentionTime', 'wavelength', 'mass'];

const decimalsOf = (value: number | undefined) =>
  value === undefined ? 0 : (String(value).split('.')[1] ?? '').length;

/** The sub-tabs of one application: Description, Compounds, Methods, Systems (spec 2 "E-methods tab"). */
export function EMethodDetails({ application }: { application: EMethodApplication }) {
  const { t } = useTranslation();
  // Kept while the user switches applications, to compare them tab by tab.
  const [tab, setTab] = useState<DetailTab>('description');
  return (
    <Tabs id="emethod-details" selectedTabId={tab} onChange={(id) => setTab(id as DetailTab)} renderActiveTabPanelOnly>
      <Tab
        id="description"
        title={t('emethods:tab_description')}
        panel={
          <div className={Classes.RUNNING_TEXT} style={{ maxWidth: 880 }}>
            {application.description.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        }
      />
      <Tab
        id="compounds"
        title={t('emethods:tab_compounds')}
        panel={<CompoundsTable compounds={application.compounds} />}
      />
      <Tab
        id="methods"
        title={t('emethods:tab_methods')}
        panel={
          <RowTable
            label={t('emethods:tab_methods')}
            headers={[t('emethods:col_parameter'), t('emethods:col_setting')]}
            rows={application.methods.map((m): [string, string] => [m.label, m.value])}
          />
        }
      />
      <Tab
        id="systems"
        title={t('emethods:tab_systems')}
        panel={
          <RowTable
            label={t('emethods:tab_systems')}
            headers={[t('emethods:col_module'), t('emethods:col_description')]}
            rows={application.systems.map((s): [string, string] => [s.module, s.description])}
          />
        }
      />
    </Tabs>
  );
}

function CompoundsTable({ compounds }: { compounds: EMethodCompound[] }) {
  const { t, i18n } = useTranslation();
  const measures = MEASURES.filter((m) => compounds.some((c) => c[m] !== undefined));
  // One precision per column, the finest the catalogue gives (206.200 nm next to 188.979 nm, not 206.2).
  const formats = Object.fromEntries(
    measures.map((m) => {
      const digits = Math.max(...compounds.map((c) => decimalsOf(c[m])));
      return [
        m,
        new Intl.NumberFormat(i18n.language, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
      ];
    }),
  ) as Record<Measure, Intl.NumberFormat>;
  const measureHeader: Record<Measure, string> = {
    retentionTime: t('emethods:col_retention_time'),
    wavelength: t('emethods:col_wavelength'),
    mass: t('emethods:col_mass'),
  };
  return (
    <HTMLTable compact striped aria-label={t('emethods:tab_compounds')}>
      <thead>
        <tr>
          <th scope="col">{t('emethods:col_compound')}</th>
          <th scope="col">{t('emethods:col_cas')}</th>
          {measures.map((m) => (
            <th key={m} scope="col" style={{ textAlign: 'right' }}>
              {measureHeader[m]}
            </th>
          ))}
          <th scope="col">{t('emethods:col_limit')}</th>
        </tr>
      </thead>
      <tbody>
        {compounds.map((c, i) => (
          <tr key={i}>
            <td>{c.name}</td>
            <td style={{ whiteSpace: 'nowrap' }}>{c.cas}</td>
            {measures.map((m) => (
              <td key={m} style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {c[m] === undefined ? '' : formats[m].format(c[m])}
              </td>
            ))}
            <td>{c.limit}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** A two-column table whose first cell names the row. */
function RowTable({
  label,
  headers,
  rows,
}: {
  label: string;
  headers: [string, string];
  rows: Array<[string, string]>;
}) {
  return (
    <HTMLTable compact striped aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{headers[0]}</th>
          <th scope="col">{headers[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, value], i) => (
          <tr key={i}>
            <td>{name}</td>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
