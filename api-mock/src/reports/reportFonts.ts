import { existsSync, readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';

const CJK_DIR = '/usr/share/fonts/opentype/noto';
const REGULAR_FILE = `${CJK_DIR}/NotoSansCJK-Regular.ttc`;
const BOLD_FILE = `${CJK_DIR}/NotoSansCJK-Bold.ttc`;

/** Whether Debian's fonts-noto-cjk is installed; without it reports use Helvetica and cannot show CJK text. */
export const cjkFontAvailable = existsSync(REGULAR_FILE) && existsSync(BOLD_FILE);

/** The Noto Sans CJK face of a portal language (Han characters take each region's shapes); all have Latin. */
const faceOf = (language: string) => (language === 'zh-cn' ? 'sc' : language === 'zh-tw' ? 'tc' : 'jp');

export interface ReportFonts {
  regular: Font | 'Helvetica';
  bold: Font | 'Helvetica-Bold';
}

const files = new Map<string, Buffer>();
const faces = new Map<string, Font>();

// Each collection is read once per process and each face parsed once: parsing per document costs more than the
// rest of a typical report. fontkit fonts hold no per-document state, pdfkit subsets them per document.
function face(file: string, postscriptName: string): Font {
  let font = faces.get(postscriptName);
  if (!font) {
    let buffer = files.get(file);
    if (!buffer) files.set(file, (buffer = readFileSync(file)));
    const found = create(buffer, postscriptName) as Font | null;
    if (!found) throw new Error(`${file} has no face ${postscriptName}`);
    faces.set(postscriptName, (font = found));
  }
  return font;
}

export function reportFonts(language: string): ReportFonts {
  if (!cjkFontAvailable) return { regular: 'Helvetica', bold: 'Helvetica-Bold' };
  const variant = faceOf(language);
  return {
    regular: face(REGULAR_FILE, `NotoSansCJK${variant}-Regular`),
    bold: face(BOLD_FILE, `NotoSansCJK${variant}-Bold`),
  };
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit 0.20 takes an already parsed fontkit font too; @types/pdfkit 0.17 does not know it yet. */
      registerFont(name: string, src: Font | PDFFontSource): this;
    }
  }
}
