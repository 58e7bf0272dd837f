import { inflateRawSync } from 'node:zlib';
import type { FuzzRequest } from './requests';

/**
 * Scanning answers for leaked text: every text in them, files inside base64 zip content (workbooks) included, and
 * the markers of the other customer found there.
 */

/** The first four bytes of a zip archive (an xlsx or docx file), read as a little-endian number. */
export const ZIP_SIGNATURE = 0x04034b50;

/** The entries of a zip archive as text (stored or deflated entries). */
export function unzipTexts(zip: Buffer): string[] {
  const out: string[] = [];
  let at = 0;
  while (at + 30 <= zip.length && zip.readUInt32LE(at) === ZIP_SIGNATURE) {
    const method = zip.readUInt16LE(at + 8);
    const flags = zip.readUInt16LE(at + 6);
    let size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const start = at + 30 + nameLength + extraLength;
    if (flags & 0x08 && size === 0) {
      // Sizes in a data descriptor after the data: find the next header instead.
      const nextHeader = zip.indexOf(Buffer.from([0x50, 0x4b, 0x07, 0x08]), start);
      size = (nextHeader < 0 ? zip.length : nextHeader) - start;
    }
    const data = zip.subarray(start, start + size);
    try {
      out.push((method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    } catch {
      out.push(data.toString('latin1'));
    }
    at = start + size;
    if (flags & 0x08) {
      const sig = zip.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), at);
      if (sig < 0) break;
      at = sig;
    }
  }
  return out;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Base64 texts of an answer (file contents) decoded: zip archives unpacked, others as UTF-8. */
export function embeddedTexts(body: string): string[] {
  if (!body.includes('"')) return [];
  const out: string[] = [];
  for (const m of body.matchAll(/"([A-Za-z0-9+/]{64,}={0,2})"/g)) {
    const text = m[1]!;
    if (!BASE64.test(text)) continue;
    const bytes = Buffer.from(text, 'base64');
    if (bytes.readUInt32LE(0) === ZIP_SIGNATURE) out.push(...unzipTexts(bytes));
    else out.push(bytes.toString('utf8'));
  }
  return out;
}

/** Every text of an answer, lower-cased: its body, its headers and the files in it. */
export function answerTexts(res: { rawPayload: Buffer; body: string; headers: unknown }): string[] {
  // Files too: a workbook sent as base64 in JSON or as the answer itself is a zip archive, unpacked here.
  const raw = res.rawPayload;
  const files = raw.length >= 4 && raw.readUInt32LE(0) === ZIP_SIGNATURE ? unzipTexts(raw) : embeddedTexts(res.body);
  return [res.body, JSON.stringify(res.headers), ...files].map((t) => t.toLowerCase());
}

/** The request as text, lower-cased, with its URL decoded. */
function requestText(r: FuzzRequest): string {
  let url = r.url;
  try {
    url = decodeURIComponent(r.url);
  } catch {
    // Keep it encoded: a lone surrogate.
  }
  const payload = typeof r.payload === 'string' ? r.payload : (r.payload?.toString('latin1') ?? '');
  return `${url} ${r.url} ${payload}`.toLowerCase();
}

/** The markers (lower-cased) that the answer's texts hold. */
export function leakedMarkers(markers: string[], r: FuzzRequest, texts: string[]): string[] {
  // A marker the request itself carries (the other customer's file key in a path) may be echoed: not a leak.
  const sent = requestText(r);
  return markers.filter((m) => !sent.includes(m) && texts.some((t) => t.includes(m)));
}

/** The leaked markers, and the text around the first one. */
export function leakExcerpt(texts: string[], leaked: string[]): string {
  const text = texts.find((t) => t.includes(leaked[0]!))!;
  const at = text.indexOf(leaked[0]!);
  return `${leaked.join(', ')}: …${text.slice(Math.max(0, at - 150), at + 100)}…`;
}
