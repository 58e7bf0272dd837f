import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { format, LABEL_KEYS } from '../../api-mock/src/reports/reportLabels';
import {
  cjkFontAvailable,
  renderServiceReport,
  type ServiceReportData,
} from '../../api-mock/src/reports/serviceReport';
import { pdfPages } from '../support/pdfText';

const report: ServiceReportData = {
  serviceOrderNo: '4000123456',
  svmxOrderNo: 'WO-00098765',
  jobType: 'Corrective maintenance',
  callStatus: 'Closed',
  customer: {
    name: 'Acme Labs GmbH',
    siteAddress: 'Industriestraße 12',
    city: 'Frankfurt am Main',
    country: 'Germany',
  },
  instrument: {
    mfg: 'Agilent',
    model: '1290 Infinity II LC',
    serial: 'DEAB123456',
    pkiTag: 'INV-00042',
    systemId: 'SYS-7781',
    systemNickName: 'HPLC line 3',
    dType: 'Liquid chromatograph',
    building: 'B4',
    floor: '2',
    room: '2.114',
    department: 'Analytical chemistry',
  },
  dates: {
    received: new Date('2026-03-02T08:15:00Z'),
    scheduled: new Date('2026-03-04T09:00:00Z'),
    workStarted: null,
    completed: null,
  },
  reportedBy: 'Maria Schneider',
  email: 'maria@acme-labs.example',
  telephone: '+49 69 1234 5678',
  custRefNo: null,
  purchaseOrderNumber: 'PO-2026-0311',
  problem: 'Pump pressure fluctuates during gradient runs.',
  solution: 'Replaced the outlet check valve and ran a pressure test.',
  engineer: 'Jonas Weber',
  lines: [
    { kind: 'part', partNo: 'G4220-60022', description: 'Outlet check valve', quantity: 1, unit: 'pcs' },
    { kind: 'labour', partNo: null, description: 'On-site repair', quantity: 2.5, unit: 'h' },
  ],
  signature: { signedBy: null, signedAt: null },
};

const pagesOf = (pdf: Buffer) => pdfPages(pdf);

describe('service report labels', () => {
  it('are the keys of the English serviceReport namespace, no more and no fewer', () => {
    const file = new URL('../../web/src/locales/en-us/serviceReport.json', import.meta.url);
    const english = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(Object.keys(english).sort()).toEqual([...LABEL_KEYS].sort());
  });

  it('fill i18next placeholders and leave one without a value as written', () => {
    expect(format('Page {{page}} of {{ pages }}', { page: 2, pages: 3 })).toBe('Page 2 of 3');
    expect(format('{{toString}} {{orderNo}}', { page: 1 })).toBe('{{toString}} {{orderNo}}');
  });
});

describe('service report PDF', () => {
  it('is a PDF', async () => {
    const pdf = await renderServiceReport(report, { language: 'en-us' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('shows the order, customer, instrument, texts, engineer and lines in English, with a page footer', async () => {
    const pages = await pagesOf(await renderServiceReport(report, { language: 'en-us', utcOffsetMinutes: 60 }));
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    for (const expected of [
      '4000123456',
      'WO-00098765',
      'Acme Labs GmbH',
      'DEAB123456',
      'Pump pressure fluctuates during gradient runs.',
      'Replaced the outlet check valve and ran a pressure test.',
      'Jonas Weber',
      'G4220-60022',
      'Outlet check valve',
      'On-site repair',
      'Service report',
      'Serial number',
      'Page 1 of 1',
      'Order no. 4000123456',
    ])
      expect(text).toContain(expected);
    // Dates print at the user's offset: 08:15 UTC is 9:15 at UTC+01:00.
    expect(text).toContain('Mar 2, 2026, 9:15');
    expect(text).toContain('Time zone: UTC+01:00');
  });

  it('prints the dates at a half-hour offset, and in UTC when the offset is out of range', async () => {
    const india = (await pagesOf(await renderServiceReport(report, { language: 'en-us', utcOffsetMinutes: 330 })))[0]!;
    expect(india).toContain('Mar 2, 2026, 1:45');
    expect(india).toContain('Time zone: UTC+05:30');
    const newfoundland = (
      await pagesOf(await renderServiceReport(report, { language: 'en-us', utcOffsetMinutes: -210 }))
    )[0]!;
    expect(newfoundland).toContain('Time zone: UTC-03:30');
    const wrong = (await pagesOf(await renderServiceReport(report, { language: 'en-us', utcOffsetMinutes: 5000 })))[0]!;
    expect(wrong).toContain('Mar 2, 2026, 8:15');
    expect(wrong).toContain('Time zone: UTC');
  });

  it('prints "—" for a value that is missing', async () => {
    const text = (await pagesOf(await renderServiceReport(report, { language: 'en-us' })))[0]!;
    expect(text).toMatch(/Customer reference\s+—/);
  });

  it('labels the report in German', async () => {
    const text = (await pagesOf(await renderServiceReport(report, { language: 'de' })))[0]!;
    for (const label of [
      'Servicebericht',
      'Seriennummer',
      'Fehlerbeschreibung',
      'Teile und Arbeitszeit',
      'Seite 1 von 1',
    ])
      expect(text).toContain(label);
    expect(text).not.toContain('Service report');
    expect(text).toContain('2,5');
  });

  it.skipIf(!cjkFontAvailable)('embeds a CJK font: Japanese labels and data come back as written', async () => {
    const japanese: ServiceReportData = {
      ...report,
      customer: { ...report.customer, name: '株式会社アクメ研究所' },
      problem: 'ポンプの圧力が不安定',
      lines: [{ kind: 'part', partNo: 'G4220-60022', description: '出口チェックバルブ', quantity: 1, unit: '個' }],
    };
    const text = (await pagesOf(await renderServiceReport(japanese, { language: 'ja', utcOffsetMinutes: 540 })))[0]!;
    for (const expected of [
      'ポンプの圧力が不安定',
      '株式会社アクメ研究所',
      '出口チェックバルブ',
      'サービスレポート',
      'シリアル番号',
    ])
      expect(text).toContain(expected);
  });

  it('flows a long problem text onto a second page, numbering both', async () => {
    const sentence = 'The pump pressure drops sharply after the purge valve opens and does not recover. ';
    const problem = sentence.repeat(Math.ceil(6000 / sentence.length));
    const pages = await pagesOf(await renderServiceReport({ ...report, problem }, { language: 'en-us' }));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Page 1 of 2');
    expect(pages[1]).toContain('Page 2 of 2');
    expect(pages[1]).toContain('Order no. 4000123456');
    expect(pages[1]).toContain('does not recover');
  });
});
