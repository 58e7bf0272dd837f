import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  WORK_ORDER_DEFAULT_ORDER,
  WORK_ORDER_HIDDEN_COLUMNS,
  WORK_ORDER_LIST_FIELDS,
  WorkOrderRow,
} from '../../contract/serviceCalls';
import { OrderType } from '../../contract/listQuery';
import { statusToneOf } from '../../web/src/components/serviceCalls/serviceCallStatus';
import {
  DOCUMENTS_FIELD,
  INITIAL_WORK_ORDER_LAYOUT,
  ORDER_NUMBER_FIELD,
  orderSettingsOf,
  WORK_ORDER_FIELDS,
} from '../../web/src/features/workOrders/workOrderFields';
import { exportedColumns } from '../../web/src/features/workOrders/workOrderQueries';
import { ROOT } from '../support/testServer';

const LANGUAGES = ['en-us', 'zh-cn', 'zh-tw', 'de', 'fr', 'it', 'ja', 'pt', 'es'];
const labels = (lang: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'web/src/locales', lang, 'workOrders.json'), 'utf8')) as Record<
    string,
    string
  >;

describe('work-order grid columns', () => {
  it('offers every column of the work-order row but the two always shown, in the spec order', () => {
    const rowFields = Object.keys(WorkOrderRow.shape).filter(
      (f) => !['serviceOrderId', 'userAccessPDF', ORDER_NUMBER_FIELD, DOCUMENTS_FIELD].includes(f),
    );
    expect([...WORK_ORDER_FIELDS.columns].sort()).toEqual(rowFields.sort());
    expect(WORK_ORDER_FIELDS.columns[0]).toBe('svmxOrderNo');
    expect(WORK_ORDER_FIELDS.columns.at(-1)).toBe('purchaseOrderNumber');
  });

  it('starts on Scheduled with the default-hidden columns hidden and nothing else', () => {
    const hidden = WORK_ORDER_FIELDS.columns.filter((f) => !INITIAL_WORK_ORDER_LAYOUT.columnShowKeys.includes(f));
    expect(hidden.sort()).toEqual([...WORK_ORDER_HIDDEN_COLUMNS].sort());
    expect(INITIAL_WORK_ORDER_LAYOUT.activeType).toBe('scheduled');
    expect(INITIAL_WORK_ORDER_LAYOUT.columnOrderKeys).toEqual(WORK_ORDER_FIELDS.columns);
  });

  it('exports the order number first, then the visible columns in their order', () => {
    const columns = exportedColumns({ ...INITIAL_WORK_ORDER_LAYOUT, columnShowKeys: ['city', 'mfg'] });
    expect(columns).toEqual([ORDER_NUMBER_FIELD, 'city', 'mfg']);
  });

  it('shows every date of an order with its time', () => {
    for (const [field, kind] of Object.entries(WORK_ORDER_LIST_FIELDS)) {
      expect(WORK_ORDER_FIELDS.kindOf(field)).toBe(kind === 'date' ? 'dateTime' : kind);
    }
  });

  it('has a label for every column in all nine languages', () => {
    for (const lang of LANGUAGES) {
      const own = labels(lang);
      for (const field of Object.keys(WORK_ORDER_LIST_FIELDS))
        expect(own[`field_${field}`], `${lang} ${field}`).toBeTruthy();
    }
  });
});

describe('work-order order', () => {
  it('asks each tab in its default order until the user sorts', () => {
    expect(orderSettingsOf(INITIAL_WORK_ORDER_LAYOUT)).toEqual([
      { field: 'startDate', orderType: OrderType.Ascending },
    ]);
    expect(orderSettingsOf({ ...INITIAL_WORK_ORDER_LAYOUT, activeType: 'history' })).toEqual([
      WORK_ORDER_DEFAULT_ORDER.history,
    ]);
    expect(WORK_ORDER_DEFAULT_ORDER.history).toEqual({
      field: 'dateTimeCallComplete',
      orderType: OrderType.Descending,
    });
    const sorted = {
      ...INITIAL_WORK_ORDER_LAYOUT,
      activeType: 'history' as const,
      sort: [{ field: 'city', orderType: 0 as const }],
    };
    expect(orderSettingsOf(sorted)).toEqual([{ field: 'city', orderType: 0 }]);
  });

  it('opens a view saved with an unknown tab on Scheduled', () => {
    const odd = { ...INITIAL_WORK_ORDER_LAYOUT, activeType: 'archive' as never };
    expect(orderSettingsOf(odd)).toEqual([WORK_ORDER_DEFAULT_ORDER.scheduled]);
  });
});

describe('work-order status', () => {
  it('styles open, in process, released, processed and closed each their own way, however they are spelled', () => {
    expect(statusToneOf('OPEN')).toBe('open');
    expect(statusToneOf('In Process')).toBe('inProcess');
    expect(statusToneOf('in_process')).toBe('inProcess');
    expect(statusToneOf(' Released ')).toBe('released');
    expect(statusToneOf('PROCESSED')).toBe('processed');
    expect(statusToneOf('Closed')).toBe('closed');
  });

  it('gives any other status the alternate style', () => {
    expect(statusToneOf('Scheduled')).toBe('other');
    expect(statusToneOf('')).toBe('other');
    expect(statusToneOf(null)).toBe('other');
    expect(statusToneOf('constructor')).toBe('other');
  });
});
