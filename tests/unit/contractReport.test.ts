import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  calendarDayAt,
  contractCategoryOf,
  contractNumberOf,
  contractStatusOf,
  daysToExpiry,
} from '../../contract/contractStatus';
import {
  CONTRACT_LABEL_KEYS,
  renderContractReport,
  type ContractReportContract,
  type ContractReportData,
} from '../../api-mock/src/reports/contractReport';
import { cjkFontAvailable } from '../../api-mock/src/reports/serviceReport';
import { contractPdfFileName } from '../../api-mock/src/equipment/contractPdf.router';
import { pdfPages } from '../support/pdfText';

const contract = (overrides: Partial<ContractReportContract> = {}): ContractReportContract => ({
  number: 'C100234567',
  isVendor: false,
  contractType: 'ZCSA',
  category: 'service',
  effectiveDate: '2026-05-09',
  contractExpiry: '2027-01-09',
  billingDate: null,
  billingStatus: 'PAID',
  poNumber: 'PO-4471',
  desc: 'Gold service',
  status: 'expiring',
  daysToExpiry: 45,
  ...overrides,
});

const report: ContractReportData = {
  asOf: '2026-11-25',
  customer: { name: 'Acme Labs', siteAddress: '100 Summer St', city: 'Boston', country: 'United States' },
  instrument: {
    mfg: 'PerkinElmer',
    model: 'Spectrum Two',
    serial: 'PE93184215',
    systemId: 'SYS-798206',
    city: 'Boston',
    systemNickName: 'FTIR line 2',
    pkiTag: 'INV-573967',
    siteAddress: '100 Summer St',
    building: 'Building B',
    floor: '5',
    room: '118',
  },
  contract: contract(),
  history: [
    contract(),
    contract({
      number: 'C099887766',
      contractType: 'ZCEW',
      category: 'warranty',
      effectiveDate: '2024-06-08',
      contractExpiry: '2026-05-08',
      status: 'expired',
      daysToExpiry: -201,
    }),
  ],
  historyTotal: 2,
  others: [{ mfg: 'Agilent', model: '1260 Infinity II', serial: 'AG06193500', systemId: null, city: 'Basel' }],
  othersTotal: 3,
};

const textOf = async (data: ContractReportData, language: string) =>
  (await pdfPages(await renderContractReport(data, { language }))).join(' ');

describe('contract status rules (contract/contractStatus.ts)', () => {
  it('count from a calendar day given as YYYY-MM-DD as from a local Date', () => {
    expect(daysToExpiry('2026-06-08', '2026-03-10')).toBe(90);
    expect(contractStatusOf('2026-06-08', '2026-03-10')).toBe('expiring');
    expect(contractStatusOf('2026-06-09', '2026-03-10')).toBe('active');
    expect(contractStatusOf('2026-03-09', '2026-03-10')).toBe('expired');
  });

  it('take the user’s calendar day from the offset east of UTC', () => {
    const lateEvening = new Date('2026-03-10T23:30:00Z');
    expect(calendarDayAt(0, lateEvening)).toBe('2026-03-10');
    expect(calendarDayAt(60, lateEvening)).toBe('2026-03-11');
    expect(calendarDayAt(-600, new Date('2026-03-10T05:00:00Z'))).toBe('2026-03-09');
  });

  it('give the category of a type code and the number the user knows', () => {
    expect(contractCategoryOf('ZW01')).toBe('warranty');
    expect(contractCategoryOf('ZRTA')).toBe('service');
    expect(contractCategoryOf('XXXX')).toBeNull();
    expect(contractCategoryOf(null)).toBeNull();
    const row = { vendorContractId: 'V-1', contractId: 'C-1', isVendor: true };
    expect(contractNumberOf(row)).toBe('V-1');
    expect(contractNumberOf({ ...row, isVendor: false })).toBe('C-1');
    expect(contractNumberOf({ ...row, vendorContractId: null })).toBe('C-1');
  });
});

describe('contract report PDF', () => {
  it('has labels: the keys of the English contractReport namespace, no more and no fewer', () => {
    const file = new URL('../../web/src/locales/en-us/contractReport.json', import.meta.url);
    const english = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(Object.keys(english).sort()).toEqual([...CONTRACT_LABEL_KEYS].sort());
  });

  it('shows the contract, customer, instrument, history and other instruments in English', async () => {
    const text = await textOf(report, 'en-us');
    for (const expected of [
      'Contract no. C100234567',
      'ZCSA',
      'Expiring soon',
      'PO-4471',
      'Gold service',
      'May 9, 2026',
      'Jan 9, 2027',
      'Status as of Nov 25, 2026',
      'Acme Labs',
      'PE93184215',
      'C099887766',
      'Warranty',
      'Expired',
      'AG06193500',
      '… and 2 more instruments',
      'Page 1 of 1',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Billing date\s+—/);
  });

  it('says so when no other instrument is under the contract, and labels it in French', async () => {
    const text = await textOf({ ...report, others: [], othersTotal: 0 }, 'fr');
    expect(text).toContain('Aucun autre de vos appareils n’est sous ce contrat.');
    expect(text).toContain('Maintenance');
    expect(text).not.toContain('more instruments');
  });

  it.skipIf(!cjkFontAvailable)('embeds a CJK font: Japanese labels come back as written', async () => {
    const text = await textOf(report, 'ja');
    for (const expected of ['契約書', '契約履歴', 'まもなく期限切れ', '期限切れ']) expect(text).toContain(expected);
  });

  it('names the file by the number’s safe characters only', () => {
    expect(contractPdfFileName('C100234567')).toBe('Contract_C100234567.pdf');
    expect(contractPdfFileName('A/B "x"\r\n')).toBe('Contract_A_B__x___.pdf');
    expect(contractPdfFileName('')).toBe('Contract_contract.pdf');
  });
});
