import JSZip from 'jszip';

/** A zip of the given entries, deflated. */
export async function zipOf(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(entries)) zip.file(name, content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** The classic zip bomb: one sheet of `megabytes` MB of zeros, deflated to about a thousandth of it. */
export const zipBomb = (megabytes: number) =>
  zipOf({ 'xl/worksheets/sheet1.xml': Buffer.alloc(megabytes * 1024 * 1024) });

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const DEFLATED = 8;

/**
 * The same zip, lying: every deflated entry's local and central header declares `declared` inflated bytes, whatever its entry
 * really inflates to. A reader that trusts the directory alone is fooled by it.
 */
export function withDeclaredSize(zip: Buffer, declared: number): Buffer {
  const lying = Buffer.from(zip);
  for (let at = 0; at + 4 <= lying.length; at++) {
    const signature = lying.readUInt32LE(at);
    if (signature === LOCAL_HEADER && lying.readUInt16LE(at + 8) === DEFLATED) lying.writeUInt32LE(declared, at + 22);
    if (signature === CENTRAL_HEADER && lying.readUInt16LE(at + 10) === DEFLATED)
      lying.writeUInt32LE(declared, at + 24);
  }
  return lying;
}
