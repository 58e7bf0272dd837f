import type { ReactNode } from 'react';
import { Classes } from '@blueprintjs/core';

export interface FieldItem {
  key: string;
  label: string;
  /** Empty text shows a dash. */
  value: ReactNode;
}

const GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: '12px 24px',
  margin: 0,
} as const;

/** Read-only fields as a description list of labels and values. */
export function FieldList({ items }: { items: readonly FieldItem[] }) {
  return (
    <dl style={GRID}>
      {items.map((item) => (
        <div key={item.key} style={{ minWidth: 0 }}>
          <dt className={Classes.TEXT_MUTED} style={{ fontSize: 12, marginBottom: 2 }}>
            {item.label}
          </dt>
          <dd style={{ margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {item.value === '' || item.value === null ? <span className={Classes.TEXT_MUTED}>—</span> : item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
