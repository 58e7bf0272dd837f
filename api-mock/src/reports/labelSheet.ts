import QRCode from 'qrcode';
import type { LabelLayout } from '../../../contract/labels';
import { newReportDocument, type ReportOptions } from './reportDocument';
import { reportLabels } from './reportLabels';
import { COLORS, show } from './reportLayout';

/** The keys of web/src/locales/<lang>/qrLabels.json the sheet prints; every language file must hold each of them. */
export const LABEL_SHEET_KEYS = ['sheet_title', 'sheet_serial', 'sheet_inventory_id', 'sheet_asset_id'] as const;
export const labelSheetLabelsFor = reportLabels('qrLabels', LABEL_SHEET_KEYS);

/** One instrument's label. */
export interface LabelData {
  /** The label link the QR code holds: PUBLIC_ORIGIN + LABEL_LINK_PATH + code. */
  link: string;
  serial: string | null;
  mfg: string;
  model: string;
  /** The inventory ID (pki_tag). */
  inventoryId: string | null;
  assetId: string | null;
}

export interface LabelSheetData {
  layout: LabelLayout;
  labels: LabelData[];
  /** The customer's own name of the asset ID field; null: the generic label. */
  assetIdLabel: string | null;
}

const MM = 72 / 25.4;
const INCH = 72;

/** A sheet of label stock, in points from the page's top left corner. */
export interface SheetGeometry {
  size: 'A4' | 'LETTER';
  columns: number;
  rows: number;
  /** The first label's top left corner. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** From one label's corner to the next one's. */
  pitchX: number;
  pitchY: number;
}

/** Avery L7163 (A4, 14 per sheet) and Avery 5163 (US Letter, 10 per sheet), as their templates measure them. */
export const SHEETS: Readonly<Record<LabelLayout, SheetGeometry>> = {
  'a4-l7163': {
    size: 'A4',
    columns: 2,
    rows: 7,
    left: 4.65 * MM,
    top: 15.15 * MM,
    width: 99.1 * MM,
    height: 38.1 * MM,
    pitchX: 101.6 * MM,
    pitchY: 38.1 * MM,
  },
  'letter-5163': {
    size: 'LETTER',
    columns: 2,
    rows: 5,
    left: 0.15625 * INCH,
    top: 0.5 * INCH,
    width: 4 * INCH,
    height: 2 * INCH,
    pitchX: 4.1875 * INCH,
    pitchY: 2 * INCH,
  },
};

/** The space kept inside a label's edge (labels are cut with some tolerance). */
const PAD = 3 * MM;
/** Light modules around the code, so a phone finds its edge: the QR standard's quiet zone. */
export const QUIET_MODULES = 4;
/** Error correction M: a label scratched or smudged in part (about 15 %) still scans. */
export const QR_OPTIONS = { errorCorrectionLevel: 'M' } as const;

/** Where label `index` of a sheet lies: its page, its box, and the QR code's square (quiet zone included). */
export function labelBox(layout: LabelLayout, index: number) {
  const g = SHEETS[layout];
  const perPage = g.columns * g.rows;
  const slot = index % perPage;
  const x = g.left + (slot % g.columns) * g.pitchX;
  const y = g.top + Math.floor(slot / g.columns) * g.pitchY;
  const qrSize = g.height - 2 * PAD;
  return { page: Math.floor(index / perPage), x, y, qr: { x: x + PAD, y: y + PAD, size: qrSize } };
}

/** The QR code's dark modules as one path of rectangles, a row's neighbouring modules merged. */
function drawQr(doc: PDFKit.PDFDocument, link: string, box: { x: number; y: number; size: number }) {
  const { modules } = QRCode.create(link, QR_OPTIONS);
  const unit = box.size / (modules.size + 2 * QUIET_MODULES);
  const origin = { x: box.x + QUIET_MODULES * unit, y: box.y + QUIET_MODULES * unit };
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col) === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        doc.rect(origin.x + start * unit, origin.y + row * unit, (col - start) * unit, unit);
        start = -1;
      }
    }
  }
  doc.fillColor('#000000').fill();
}

/**
 * A sheet of QR labels in the user's language: per instrument a QR code of its label link, its serial number, make
 * and model, and inventory ID (and asset ID when it has one), placed on the label stock of the layout.
 */
export async function renderLabelSheet(data: LabelSheetData, options: ReportOptions): Promise<Buffer> {
  const { code, labels: t } = labelSheetLabelsFor(options.language);
  const g = SHEETS[data.layout];
  const { doc, finished } = newReportDocument(code, t.sheet_title, {
    size: g.size,
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
  });
  const textWidth = g.width - g.height - PAD;
  data.labels.forEach((label, index) => {
    const box = labelBox(data.layout, index);
    if (box.page > 0 && index % (g.columns * g.rows) === 0) doc.addPage();
    drawQr(doc, label.link, box.qr);
    const x = box.qr.x + box.qr.size + PAD / 2;
    const line = (text: string, font: 'body' | 'bold', size: number, color: string, lines = 1) => {
      doc.font(font).fontSize(size).fillColor(color);
      const height = doc.currentLineHeight(true) * lines;
      doc.text(text, x, doc.y, { width: textWidth, height, ellipsis: true });
    };
    doc.y = box.y + PAD + 2;
    line(`${t.sheet_serial} ${show(label.serial)}`, 'bold', 11, COLORS.text);
    line(`${label.mfg} ${label.model}`.trim(), 'body', 9, COLORS.text, 2);
    line(`${t.sheet_inventory_id}: ${show(label.inventoryId)}`, 'body', 8, COLORS.muted);
    if (label.assetId) line(`${data.assetIdLabel ?? t.sheet_asset_id}: ${label.assetId}`, 'body', 8, COLORS.muted);
  });
  doc.end();
  return finished;
}
