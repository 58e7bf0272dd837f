import { localeOf } from '../lib/languages';
import type { ContractReportContract, ContractReportData } from './contractReportData';
import { calendarDayFormat, newReportDocument, type ReportOptions } from './reportDocument';
import { format, reportLabels } from './reportLabels';
import { fieldGrid, footers, heading, paragraph, show, table, title, type Column } from './reportLayout';

export type { ContractReportContract, ContractReportData, ContractReportInstrument } from './contractReportData';

/** The keys of web/src/locales/<lang>/contractReport.json; every language file must hold each of them. */
export const CONTRACT_LABEL_KEYS = [
  'title',
  'contract_no',
  'contract_type',
  'category',
  'category_warranty',
  'category_service',
  'status',
  'status_active',
  'status_expiring',
  'status_expired',
  'days_to_expiry',
  'status_as_of',
  'customer',
  'company',
  'site_address',
  'city',
  'country',
  'instrument',
  'make',
  'model',
  'serial',
  'system_id',
  'system_nickname',
  'inventory_id',
  'building',
  'floor',
  'room',
  'contract',
  'contract_kind',
  'kind_provider',
  'kind_vendor',
  'effective_date',
  'expiry_date',
  'billing_date',
  'billing_status',
  'po_number',
  'description',
  'history',
  'history_more',
  'others',
  'others_none',
  'others_more',
  'footer_page',
  'footer_contract',
] as const;

export const contractLabelsFor = reportLabels('contractReport', CONTRACT_LABEL_KEYS);

/**
 * The contract of one instrument as an A4 PDF in the user's language, laid out as the service report is: the
 * contract with its status, the customer, the instrument, the instrument's contract history and the customer's other
 * instruments under the same contract number.
 */
export async function renderContractReport(data: ContractReportData, options: ReportOptions): Promise<Buffer> {
  const { code, labels: t } = contractLabelsFor(options.language);
  const locale = localeOf(code);
  const day = calendarDayFormat(locale);
  const count = new Intl.NumberFormat(locale);
  const { contract: k, customer: c, instrument: i } = data;
  const number = show(k.number);
  const category = (x: ContractReportContract) => (x.category ? t[`category_${x.category}`] : null);
  const status = (x: ContractReportContract) => (x.status ? t[`status_${x.status}`] : null);

  const { doc, finished } = newReportDocument(code, `${t.title} ${number}`);
  title(doc, t.title, t.contract_no, number);
  fieldGrid(
    doc,
    [
      [t.contract_type, show(k.contractType)],
      [t.category, show(category(k))],
      [t.status, show(status(k))],
      [t.days_to_expiry, k.daysToExpiry === null ? show(null) : count.format(k.daysToExpiry)],
    ],
    4,
  );

  heading(doc, t.customer);
  fieldGrid(
    doc,
    [
      [t.company, show(c.name)],
      [t.site_address, show(c.siteAddress)],
      [t.city, show(c.city)],
      [t.country, show(c.country)],
    ],
    4,
  );

  heading(doc, t.instrument);
  fieldGrid(
    doc,
    [
      [t.make, show(i.mfg)],
      [t.model, show(i.model)],
      [t.serial, show(i.serial)],
      [t.system_id, show(i.systemId)],
      [t.system_nickname, show(i.systemNickName)],
      [t.inventory_id, show(i.pkiTag)],
      [t.city, show(i.city)],
      [t.site_address, show(i.siteAddress)],
      [t.building, show(i.building)],
      [t.floor, show(i.floor)],
      [t.room, show(i.room)],
    ],
    4,
  );

  heading(doc, t.contract, { note: format(t.status_as_of, { date: day(data.asOf) }) });
  fieldGrid(
    doc,
    [
      [t.contract_kind, k.isVendor ? t.kind_vendor : t.kind_provider],
      [t.effective_date, day(k.effectiveDate)],
      [t.expiry_date, day(k.contractExpiry)],
      [t.billing_date, day(k.billingDate)],
      [t.billing_status, show(k.billingStatus)],
      [t.po_number, show(k.poNumber)],
    ],
    3,
  );
  fieldGrid(doc, [[t.description, show(k.desc)]], 1);

  const more = (template: string, total: number, shown: number) => {
    if (total > shown) paragraph(doc, format(template, { count: count.format(total - shown) }));
  };

  heading(doc, t.history);
  const historyColumns: Column[] = [
    { header: t.contract_no, width: 96 },
    { header: t.contract_type, width: 76 },
    { header: t.category, width: 70 },
    { header: t.effective_date, width: 80 },
    { header: t.expiry_date, width: 80 },
    { header: t.status, width: 0 },
  ];
  table(
    doc,
    historyColumns,
    data.history.map((x) => [
      show(x.number),
      show(x.contractType),
      show(category(x)),
      day(x.effectiveDate),
      day(x.contractExpiry),
      show(status(x)),
    ]),
  );
  more(t.history_more, data.historyTotal, data.history.length);

  heading(doc, t.others);
  if (data.others.length === 0) paragraph(doc, t.others_none);
  else {
    table(
      doc,
      [
        { header: t.make, width: 90 },
        { header: t.model, width: 0 },
        { header: t.serial, width: 100 },
        { header: t.system_id, width: 80 },
        { header: t.city, width: 90 },
      ],
      data.others.map((o) => [show(o.mfg), show(o.model), show(o.serial), show(o.systemId), show(o.city)]),
    );
    more(t.others_more, data.othersTotal, data.others.length);
  }

  footers(doc, format(t.footer_contract, { contractNo: number }), (page, pages) =>
    format(t.footer_page, { page, pages }),
  );
  doc.end();
  return finished;
}
