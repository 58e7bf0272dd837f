import PDFDocument from 'pdfkit';
import { localeOf } from '../lib/languages';
import { reportFonts } from './reportFonts';
import type { LanguageCode } from './reportLabels';
import { COLORS, EMPTY } from './reportLayout';

/** How a report is asked for: the user's language and offset. */
export interface ReportOptions {
  /** A portal language code ("ja", "zh-tw"); anything else renders in English. */
  language: string;
  /** The user's offset east of UTC in minutes (the client's timeZoneDiff) the dates print in; UTC when absent. */
  utcOffsetMinutes?: number;
}

const MAX_OFFSET_MINUTES = 14 * 60;

/** The offset a report prints times at: the user's when it is a whole number of minutes within ±14 h, else UTC. */
export const reportOffset = (minutes: number | undefined): number =>
  minutes !== undefined && Number.isInteger(minutes) && Math.abs(minutes) <= MAX_OFFSET_MINUTES ? minutes : 0;

/** "UTC", "UTC+01:00", "UTC+05:30", "UTC-03:30". */
export const offsetName = (minutes: number): string => {
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `UTC${minutes > 0 ? '+' : '-'}${hhmm}`;
};

/** A calendar day (YYYY-MM-DD) in the locale's medium style, "Mar 2, 2026"; "—" for none. */
export function calendarDayFormat(locale: string): (day: string | null) => string {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return (day) => {
    const time = day ? Date.parse(`${day.slice(0, 10)}T00:00:00Z`) : Number.NaN;
    return Number.isNaN(time) ? EMPTY : format.format(time);
  };
}

/** A report's paper and margins other than the reports' A4 (a label sheet on its label stock). */
export type ReportPage = Pick<PDFKit.PDFDocumentOptions, 'size' | 'margins'>;

/**
 * An A4 report document of the portal: the language's fonts (a Noto Sans CJK face when installed), margins, pages
 * buffered for the footers, and its bytes once `doc.end()` is called.
 */
export function newReportDocument(code: LanguageCode, title: string, page?: ReportPage) {
  const fonts = reportFonts(code);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 40, bottom: 50, left: 48, right: 48 },
    ...page,
    bufferPages: true,
    lang: localeOf(code),
    info: { Title: title },
  });
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  // Noto Sans CJK's own line height (1.45 em) leaves wide gaps between Latin lines.
  if (fonts.regular !== 'Helvetica') doc.lineGap(-2);
  // A page starts in black; text that flows onto it keeps the text colour.
  doc.on('pageAdded', () => doc.fillColor(COLORS.text));
  const chunks: Uint8Array[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, finished };
}
