import type { Readable } from 'node:stream';

/**
 * What a stored image really is, read from its bytes rather than from its name or the type its uploader declared:
 * PNG or JPEG by their signatures, and the pixel size their first header gives.
 */
export type PhotoFormat = 'png' | 'jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG or JPEG from a file's first bytes, or null when it is neither. */
export function photoFormatOf(head: Buffer): PhotoFormat | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  return null;
}

export interface PixelSize {
  width: number;
  height: number;
}

/** Width and height of a PNG: the IHDR chunk right after the signature. */
function pngSize(data: Buffer): PixelSize | null {
  if (data.length < 24 || data.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** Frame-header markers (SOF0-SOF15 but DHT C4, JPG C8 and DAC CC): they carry the dimensions. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Width and height of a JPEG: the segments are walked to the first frame header. */
function jpegSize(data: Buffer): PixelSize | null {
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // TEM and RST0-RST7 have no length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame header
    if (isStartOfFrame(marker)) {
      if (at + 9 > data.length) return null;
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    at += 2 + data.readUInt16BE(at + 2);
  }
  return null;
}

/** The pixel size of a PNG or JPEG from its first bytes; null when the header is not among them. */
export function pixelSizeOf(format: PhotoFormat, head: Buffer): PixelSize | null {
  return format === 'png' ? pngSize(head) : jpegSize(head);
}

/** The first `limit` bytes of a stream (fewer when it is shorter); the stream is closed afterwards. */
export async function readHead(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      total += (chunk as Buffer).length;
      if (total >= limit) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit);
}
