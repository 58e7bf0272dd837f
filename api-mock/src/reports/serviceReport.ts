import { localeOf } from '../lib/languages';
import { newReportDocument, offsetName, reportOffset, type ReportOptions } from './reportDocument';
import { format, labelsFor } from './reportLabels';
import {
  EMPTY,
  fieldGrid,
  footers,
  heading,
  paragraph,
  show,
  signatures,
  signaturesHeight,
  table,
  title,
  type SignatureBox,
} from './reportLayout';
import type { ServiceReportData } from './serviceReportData';

export { cjkFontAvailable } from './reportFonts';
export { offsetName } from './reportDocument';
export type { ServiceReportData, ServiceReportLine } from './serviceReportData';

export type ServiceReportOptions = ReportOptions;

/** The provider's service report of one work order, as an A4 PDF in the user's language. */
export async function renderServiceReport(data: ServiceReportData, options: ServiceReportOptions): Promise<Buffer> {
  const { code, labels: t } = labelsFor(options.language);
  const locale = localeOf(code);
  const offsetMinutes = reportOffset(options.utcOffsetMinutes);
  // Node 20's Intl knows no "+05:30" zones: the instant moves by the offset and prints as UTC wall time.
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const date = (value: Date | null) =>
    value && !Number.isNaN(value.getTime()) ? dateFormat.format(value.getTime() + offsetMinutes * 60_000) : EMPTY;
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });

  const { doc, finished } = newReportDocument(code, `${t.title} ${data.serviceOrderNo}`);

  const { customer: c, instrument: i, dates: d } = data;
  title(doc, t.title, t.order_no, show(data.serviceOrderNo));
  fieldGrid(
    doc,
    [
      [t.svmx_order_no, show(data.svmxOrderNo)],
      [t.job_type, show(data.jobType)],
      [t.call_status, show(data.callStatus)],
    ],
    3,
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
      [t.inventory_id, show(i.pkiTag)],
      [t.system_id, show(i.systemId)],
      [t.system_nickname, show(i.systemNickName)],
      [t.instrument_type, show(i.dType)],
      [t.department, show(i.department)],
      [t.building, show(i.building)],
      [t.floor, show(i.floor)],
      [t.room, show(i.room)],
    ],
    4,
  );

  heading(doc, t.dates, { note: format(t.time_zone, { timeZone: offsetName(offsetMinutes) }) });
  fieldGrid(
    doc,
    [
      [t.call_received, date(d.received)],
      [t.scheduled, date(d.scheduled)],
      [t.work_started, date(d.workStarted)],
      [t.completed, date(d.completed)],
    ],
    4,
  );

  heading(doc, t.request);
  fieldGrid(
    doc,
    [
      [t.reported_by, show(data.reportedBy)],
      [t.email, show(data.email)],
      [t.telephone, show(data.telephone)],
      [t.customer_reference, show(data.custRefNo)],
      [t.purchase_order, show(data.purchaseOrderNumber)],
    ],
    3,
  );

  heading(doc, t.problem);
  paragraph(doc, show(data.problem));
  heading(doc, t.solution);
  paragraph(doc, show(data.solution));
  fieldGrid(doc, [[t.engineer, show(data.engineer)]], 1);

  heading(doc, t.lines);
  if (data.lines.length === 0) paragraph(doc, t.no_lines);
  else
    table(
      doc,
      [
        { header: t.line_kind, width: 62 },
        { header: t.part_no, width: 92 },
        { header: t.description, width: 0 },
        { header: t.quantity, width: 58, align: 'right' },
        { header: t.unit, width: 52 },
      ],
      data.lines.map((line) => [
        line.kind === 'part' ? t.kind_part : t.kind_labour,
        show(line.partNo),
        show(line.description),
        quantity.format(line.quantity),
        show(line.unit),
      ]),
    );

  const known = (value: string | null) => (value === null || value.trim() === '' ? null : value);
  const boxes: SignatureBox[] = [
    { caption: t.engineer_signature, rows: [[t.engineer, known(data.engineer)]] },
    {
      caption: t.customer_signature,
      rows: [
        [t.signed_by, known(data.signature.signedBy)],
        [t.signed_on, data.signature.signedAt ? date(data.signature.signedAt) : null],
      ],
    },
  ];
  heading(doc, t.signatures, { keep: signaturesHeight(doc, boxes) });
  signatures(doc, boxes);

  footers(doc, format(t.footer_order, { orderNo: data.serviceOrderNo }), (page, pages) =>
    format(t.footer_page, { page, pages }),
  );
  doc.end();
  return finished;
}

/**
 * Renders a small report in each CJK face once. The first report of a process costs about half a second more
 * (fonts read and parsed, code compiled), so a server may call this at start-up without awaiting it.
 */
export async function warmUpServiceReports(): Promise<void> {
  const blank: ServiceReportData = {
    serviceOrderNo: '0',
    svmxOrderNo: null,
    jobType: null,
    callStatus: null,
    customer: { name: '', siteAddress: null, city: null, country: null },
    instrument: {
      mfg: null,
      model: null,
      serial: null,
      pkiTag: null,
      systemId: null,
      systemNickName: null,
      dType: null,
      building: null,
      floor: null,
      room: null,
      department: null,
    },
    dates: { received: new Date(), scheduled: null, workStarted: null, completed: null },
    reportedBy: null,
    email: null,
    telephone: null,
    custRefNo: null,
    purchaseOrderNumber: null,
    problem: null,
    solution: null,
    engineer: null,
    lines: [{ kind: 'part', partNo: null, description: '', quantity: 1, unit: '' }],
    signature: { signedBy: null, signedAt: null },
  };
  for (const language of ['ja', 'zh-cn', 'zh-tw']) await renderServiceReport(blank, { language });
}
