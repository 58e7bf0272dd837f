import { afterAll, bench, describe } from 'vitest';
import { renderServiceReport, type ServiceReportData } from '../../api-mock/src/reports/serviceReport';
import { cjkFontMissing, skipsBecause } from './prerequisites';
import { failBench, timingLine, WARMUP_CALLS } from './timed';

// One typical service report in Japanese (Noto Sans CJK embedded, one A4 page). Target: one PDF ≤ 300 ms.
const TARGET_MS = 300;

const report: ServiceReportData = {
  serviceOrderNo: '4000123456',
  svmxOrderNo: 'WO-00098765',
  jobType: '修理',
  callStatus: '完了',
  customer: {
    name: '株式会社アクメ研究所',
    siteAddress: '東京都千代田区丸の内1-1-1 アクメビル5階',
    city: '東京',
    country: '日本',
  },
  instrument: {
    mfg: 'Agilent',
    model: '1290 Infinity II LC',
    serial: 'DEAB123456',
    pkiTag: 'INV-00042',
    systemId: 'SYS-7781',
    systemNickName: 'HPLC 3号機',
    dType: '液体クロマトグラフ',
    building: 'B4',
    floor: '2',
    room: '2.114',
    department: '分析化学部',
  },
  dates: {
    received: new Date('2026-03-02T08:15:00Z'),
    scheduled: new Date('2026-03-04T09:00:00Z'),
    workStarted: new Date('2026-03-04T09:20:00Z'),
    completed: new Date('2026-03-04T11:45:00Z'),
  },
  reportedBy: '山田 花子',
  email: 'hanako.yamada@acme-labs.example',
  telephone: '+81 3 1234 5678',
  custRefNo: 'REF-2026-17',
  purchaseOrderNumber: 'PO-2026-0311',
  problem:
    'ポンプの圧力が不安定です。グラジエント分析中に圧力が±15 bar 変動し、1日に2回ほど過圧エラーで停止します。' +
    'パージバルブを開いた直後に圧力が急低下し、回復しません。',
  solution:
    '出口チェックバルブとパージバルブシールを交換し、ポンプヘッドをイソプロパノールで洗浄しました。' +
    '圧力テストは合格(リップル 1% 未満)。お客様のメソッドで動作を確認しました。',
  engineer: '佐藤 一郎',
  lines: [
    { kind: 'part', partNo: 'G4220-60022', description: '出口チェックバルブ(セラミック)', quantity: 1, unit: '個' },
    { kind: 'part', partNo: '5067-4728', description: 'パージバルブシールキット', quantity: 2, unit: '個' },
    { kind: 'labour', partNo: null, description: '現地修理および圧力テスト', quantity: 2.5, unit: '時間' },
  ],
  signature: { signedBy: '山田 花子', signedAt: new Date('2026-03-04T12:05:00Z') },
};

const times: number[] = [];

afterAll(() => {
  if (times.length === 0) return;
  // The first render of the process also reads and parses the font collections.
  const first = times.slice(0, WARMUP_CALLS).map((t) => t.toFixed(0));
  console.log(
    `${timingLine('service report, Japanese', times.slice(WARMUP_CALLS), TARGET_MS)}; ` +
      `warm-up renders ${first.join(', ')} ms`,
  );
});

describe('service report PDF', () => {
  bench.skipIf(skipsBecause('the Japanese service report', cjkFontMissing))(
    'renderServiceReport: one typical report in Japanese',
    async () => {
      const started = performance.now();
      const pdf = await renderServiceReport(report, { language: 'ja', utcOffsetMinutes: 540 });
      times.push(performance.now() - started);
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-' || pdf.length < 10_000) {
        failBench(`not a PDF with an embedded font: ${pdf.length} bytes`);
      }
    },
    { time: 5_000, warmupIterations: 0 },
  );
});
