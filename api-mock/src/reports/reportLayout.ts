/** Drawing helpers of the service report: sections, field grids, text, a table, signatures and page footers. */
type Doc = PDFKit.PDFDocument;

export const COLORS = { text: '#1b1f24', muted: '#5d6873', accent: '#1f4e79', rule: '#c4cdd6', band: '#e8eef4' };
const SIZE = { label: 7.5, value: 9.5, heading: 11, table: 9, footer: 8 };
export const EMPTY = '—';
/** The most a grid or table cell grows to; longer values end in "…", so a cell never spans pages. */
const MAX_CELL = 240;

/** The text to print for a value: "—" when there is none, line ends unified. */
export const show = (value: string | null | undefined) =>
  value == null || value.trim() === '' ? EMPTY : value.replace(/\r\n?/g, '\n').replace(/\t/g, ' ');

const left = (doc: Doc) => doc.page.margins.left;
const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;
/** The advance of one line in the current font and size, with the document's line gap. */
const lineHeight = (doc: Doc) => doc.heightOfString('X');

const body = (doc: Doc, size: number, color = COLORS.text) => doc.font('body').fontSize(size).fillColor(color);
const bold = (doc: Doc, size: number, color = COLORS.text) => doc.font('bold').fontSize(size).fillColor(color);

function rule(doc: Doc, y: number, color: string, width: number) {
  doc
    .moveTo(left(doc), y)
    .lineTo(left(doc) + contentWidth(doc), y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke();
}

/** Starts a new page unless `height` more points fit on this one. */
export function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/** Writes one line at (x, y) ending at `right`; pdfkit's own right alignment needs a wrapping text box. */
function rightAligned(doc: Doc, text: string, right: number, y: number) {
  doc.text(text, right - doc.widthOfString(text), y, { lineBreak: false });
}

export function title(doc: Doc, text: string, numberLabel: string, number: string) {
  const y = doc.y;
  const right = left(doc) + contentWidth(doc);
  bold(doc, 20, COLORS.accent).text(text, left(doc), y, { width: contentWidth(doc) * 0.6 });
  const titleBottom = doc.y;
  body(doc, SIZE.label, COLORS.muted);
  rightAligned(doc, numberLabel, right, y + 1);
  const labelHeight = lineHeight(doc);
  bold(doc, 14);
  rightAligned(doc, number, right, y + labelHeight);
  doc.x = left(doc);
  doc.y = Math.max(titleBottom, y + labelHeight + lineHeight(doc)) + 6;
}

/**
 * A section title with a rule under it and `note` on its right, on a new page unless `keep` points of what follows
 * fit under it.
 */
export function heading(doc: Doc, text: string, options: { note?: string; keep?: number } = {}) {
  const height = lineHeight(bold(doc, SIZE.heading)) + 4;
  ensureSpace(doc, 8 + height + (options.keep ?? 40));
  const y = doc.y + 8;
  bold(doc, SIZE.heading, COLORS.accent).text(text, left(doc), y, { lineBreak: false });
  const lineY = y + height - 2;
  if (options.note) {
    body(doc, SIZE.label, COLORS.muted);
    rightAligned(doc, options.note, left(doc) + contentWidth(doc), lineY - lineHeight(doc) - 1);
  }
  rule(doc, lineY, COLORS.accent, 0.8);
  doc.x = left(doc);
  doc.y = lineY + 4;
}

export type Field = readonly [label: string, value: string];

/** Label-over-value pairs, `columns` to a row; a row never splits across pages. */
export function fieldGrid(doc: Doc, fields: readonly Field[], columns: number) {
  const gap = 14;
  const width = (contentWidth(doc) - gap * (columns - 1)) / columns;
  for (let i = 0; i < fields.length; i += columns) {
    const row = fields.slice(i, i + columns);
    body(doc, SIZE.label);
    const labelHeights = row.map(([label]) => doc.heightOfString(label, { width }));
    body(doc, SIZE.value);
    const heights = row.map(
      ([, value], j) => labelHeights[j]! + Math.min(MAX_CELL, doc.heightOfString(value, { width })),
    );
    const height = Math.max(...heights);
    ensureSpace(doc, height);
    const y = doc.y;
    row.forEach(([label, value], j) => {
      const x = left(doc) + j * (width + gap);
      body(doc, SIZE.label, COLORS.muted).text(label, x, y, { width });
      body(doc, SIZE.value).text(value, x, y + labelHeights[j]!, { width, height: MAX_CELL, ellipsis: true });
    });
    doc.x = left(doc);
    doc.y = y + height + 6;
  }
}

/** Running text over the full width; it flows onto further pages. */
export function paragraph(doc: Doc, text: string) {
  body(doc, SIZE.value).text(text, left(doc), doc.y, { width: contentWidth(doc), lineGap: -1 });
  doc.x = left(doc);
  doc.y += 4;
}

export interface Column {
  header: string;
  /** Points; 0 takes the width the other columns leave. */
  width: number;
  align?: 'left' | 'right';
}

/** A table with a shaded header row, repeated on each page it continues on. */
export function table(doc: Doc, columns: readonly Column[], rows: readonly (readonly string[])[]) {
  const pad = 4;
  const fixed = columns.reduce((sum, c) => sum + c.width, 0);
  const widths = columns.map((c) => c.width || contentWidth(doc) - fixed);
  const xs = widths.map((_, i) => left(doc) + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const cellHeight = (cells: readonly string[]) =>
    Math.min(MAX_CELL, Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 2 * pad })))) +
    2 * pad;
  const drawRow = (cells: readonly string[], height: number, style: (d: Doc) => Doc) => {
    const y = doc.y;
    cells.forEach((cell, i) => {
      style(doc).text(cell, xs[i]! + pad, y + pad, {
        width: widths[i]! - 2 * pad,
        height: MAX_CELL,
        ellipsis: true,
        align: columns[i]!.align ?? 'left',
      });
    });
    doc.x = left(doc);
    doc.y = y + height;
  };
  const header = () => {
    const cells = columns.map((c) => c.header);
    bold(doc, SIZE.table);
    const height = cellHeight(cells);
    doc.rect(left(doc), doc.y, contentWidth(doc), height).fill(COLORS.band);
    drawRow(cells, height, (d) => bold(d, SIZE.table));
  };
  bold(doc, SIZE.table);
  const headerHeight = cellHeight(columns.map((c) => c.header));
  body(doc, SIZE.table);
  ensureSpace(doc, headerHeight + (rows[0] ? cellHeight(rows[0]) : 0));
  header();
  for (const cells of rows) {
    body(doc, SIZE.table);
    const height = cellHeight(cells);
    if (doc.y + height > bottom(doc)) {
      doc.addPage();
      header();
    }
    drawRow(cells, height, (d) => body(d, SIZE.table));
    rule(doc, doc.y, COLORS.rule, 0.5);
  }
  doc.y += 4;
}

export interface SignatureBox {
  caption: string;
  /** Label and value under the signature line; a value not known yet gets a line to write it on. */
  rows: readonly (readonly [label: string, value: string | null])[];
}

const SIGNING_SPACE = 36;
const rowHeight = (doc: Doc) => lineHeight(body(doc, SIZE.value)) + 5;

/** The height `signatures` takes, to keep its heading with it. */
export const signaturesHeight = (doc: Doc, boxes: readonly SignatureBox[]) =>
  SIGNING_SPACE + 16 + Math.max(...boxes.map((b) => b.rows.length)) * rowHeight(doc);

/** Signature boxes side by side; call `ensureSpace` with `signaturesHeight` first. */
export function signatures(doc: Doc, boxes: readonly SignatureBox[]) {
  const gap = 28;
  const width = (contentWidth(doc) - gap * (boxes.length - 1)) / boxes.length;
  const lineHeight = rowHeight(doc);
  body(doc, SIZE.label);
  const labelWidth = Math.max(...boxes.flatMap((b) => b.rows.map(([label]) => doc.widthOfString(label)))) + 8;
  const rowsHeight = Math.max(...boxes.map((b) => b.rows.length)) * lineHeight;
  const lineY = doc.y + SIGNING_SPACE;
  boxes.forEach((box, i) => {
    const x = left(doc) + i * (width + gap);
    doc
      .moveTo(x, lineY)
      .lineTo(x + width, lineY)
      .lineWidth(0.8)
      .strokeColor(COLORS.text)
      .stroke();
    body(doc, SIZE.label, COLORS.muted).text(box.caption, x, lineY + 3, { width, lineBreak: false });
    box.rows.forEach(([label, value], r) => {
      const y = lineY + 16 + r * lineHeight;
      body(doc, SIZE.label, COLORS.muted).text(label, x, y + 1.5, { lineBreak: false });
      if (value === null) {
        const baseline = y + lineHeight - 6;
        doc
          .moveTo(x + labelWidth, baseline)
          .lineTo(x + width, baseline)
          .lineWidth(0.5)
          .strokeColor(COLORS.rule)
          .stroke();
      } else {
        body(doc, SIZE.value).text(value, x + labelWidth, y, {
          width: width - labelWidth,
          height: lineHeight,
          ellipsis: true,
        });
      }
    });
  });
  doc.x = left(doc);
  doc.y = lineY + 16 + rowsHeight;
}

/** Writes `leftText` and the page text in the bottom margin of every buffered page. */
export function footers(doc: Doc, leftText: string, pageText: (page: number, pages: number) => string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    // Text in the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - margin + 16;
    rule(doc, y - 5, COLORS.rule, 0.5);
    body(doc, SIZE.footer, COLORS.muted).text(leftText, left(doc), y, { lineBreak: false });
    rightAligned(doc, pageText(i - start + 1, count), left(doc) + contentWidth(doc), y);
    doc.page.margins.bottom = margin;
  }
}
