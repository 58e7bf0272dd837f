import { useId } from 'react';
import { Classes, H3, H4, HTMLTable, Icon, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Footnote, tipId } from './Footnote';
import type { PlanGroup, TipNumber } from './plans';

const DESCRIPTIONS = { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 16 } as const;
const SCROLLER = { overflowX: 'auto', marginBottom: 8 } as const;
const CELL = { verticalAlign: 'top' } as const;
const FIRST_COLUMN_PERCENT = 28;
const FIRST_COLUMN = { ...CELL, width: `${FIRST_COLUMN_PERCENT}%` } as const;

/** One value of the table: its text, or an icon with a label for included / not included. */
function PlanValue({ value }: { value: string | boolean }) {
  const { t } = useTranslation('contractPlans');
  if (value === true) return <Icon icon="tick" intent={Intent.SUCCESS} title={t('contractPlans:included')} />;
  if (value === false)
    return <Icon icon="cross" className={Classes.TEXT_MUTED} title={t('contractPlans:not_included')} />;
  return <>{t(value)}</>;
}

/**
 * One plan group (recommended or additional plans): what each plan is for, the comparison table with a row per
 * compared field and a column per plan, and the group's tips that the footnote markers link to.
 */
export function PlanGroupSection<
  Id extends string,
  P extends { title: string; desc: string } & Record<keyof P, string | boolean>,
>({ group }: { group: PlanGroup<Id, P> }) {
  const { t } = useTranslation('contractPlans');
  const groupId = useId().replace(/:/g, '');
  const headingId = `${groupId}-heading`;
  const plans = Object.entries(group.plans) as Array<[Id, P]>;
  // The plans share the width equally, so that the columns line up from one row to the next.
  const planColumn = { ...CELL, width: `${(100 - FIRST_COLUMN_PERCENT) / plans.length}%` };
  const starOf = (id: Id, field: string): TipNumber | undefined =>
    (group.starred[id] as Partial<Record<string, TipNumber>> | undefined)?.[field];

  return (
    <section style={{ marginBottom: 24 }}>
      <H3 id={headingId}>{t(group.heading)}</H3>
      <div style={DESCRIPTIONS}>
        {plans.map(([id, plan]) => (
          <div key={id}>
            <H4>{t(plan.title)}</H4>
            <p className={Classes.TEXT_MUTED}>{t(plan.desc)}</p>
          </div>
        ))}
      </div>
      {/* Focusable so that a keyboard can scroll the table when the dialog is narrower than it. */}
      <div style={SCROLLER} tabIndex={0} role="region" aria-labelledby={headingId}>
        <HTMLTable bordered compact striped aria-labelledby={headingId} style={{ width: '100%' }}>
          <thead>
            <tr>
              <th scope="col" style={FIRST_COLUMN}>
                {t('contractPlans:plan_contents')}
              </th>
              {plans.map(([id, plan]) => (
                <th scope="col" key={id} style={planColumn}>
                  {t(group.columnTitle(plan))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {group.rows.map((row) => (
              <tr key={row.field}>
                <th scope="row" style={FIRST_COLUMN}>
                  {t(row.label)}
                  {row.tip && <Footnote groupId={groupId} tip={row.tip} />}
                </th>
                {plans.map(([id, plan]) => {
                  const star = starOf(id, row.field);
                  return (
                    <td key={id} style={CELL}>
                      <PlanValue value={plan[row.field]} />
                      {star && <Footnote groupId={groupId} tip={star} />}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <H4>{t('contractPlans:tips_heading')}</H4>
      <ol className={Classes.TEXT_SMALL}>
        {group.tips.map((tip, index) => (
          <li key={tip} id={tipId(groupId, index + 1)} tabIndex={-1}>
            {t(tip)}
          </li>
        ))}
      </ol>
    </section>
  );
}
