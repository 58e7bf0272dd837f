import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { IMPORT_ARCHIVE_LIMITS } from '../../../contract/limits';

export interface ArchiveLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  maxRatio: number;
}

/** Why a spreadsheet's zip is refused before anything parses it. */
export class ArchiveRefused extends Error {
  constructor(
    readonly reason: 'notZip' | 'tooManyEntries' | 'tooLarge' | 'ratio' | 'inflate',
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/**
 * Read the zip's central directory first: the entry count and the declared inflated sizes must stay inside the
 * limits. Then inflate every entry into nothing, counting: yauzl stops a stream that inflates past its declared
 * size, so a zip that lies about its sizes is caught at the first byte too many. Memory stays flat, and inflating
 * runs in zlib's thread pool, not on the event loop.
 */
export async function checkArchive(content: Buffer, limits: ArchiveLimits = IMPORT_ARCHIVE_LIMITS): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(content, { lazyEntries: true, validateEntrySizes: true });
  } catch (error) {
    throw new ArchiveRefused('notZip', (error as Error).message);
  }
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new ArchiveRefused('tooManyEntries', `${zip.entryCount} entries`);
    }
    const maxBytes = Math.min(limits.maxUncompressedBytes, content.length * limits.maxRatio);
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > maxBytes) throw refusedForSize(declared, content.length, limits);
      entries.push(entry);
    }
    let inflated = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const counter = new Writable({
        write(chunk: Buffer, _encoding, done) {
          inflated += chunk.length;
          done(inflated > maxBytes ? refusedForSize(inflated, content.length, limits) : null);
        },
      });
      await pipeline(await zip.openReadStreamPromise(entry), counter).catch((error: Error) => {
        // more bytes than declared, or a broken deflate stream
        throw error instanceof ArchiveRefused ? error : new ArchiveRefused('inflate', error.message);
      });
    }
  } catch (error) {
    throw error instanceof ArchiveRefused ? error : new ArchiveRefused('notZip', (error as Error).message);
  } finally {
    zip.close();
  }
}

const refusedForSize = (bytes: number, fileBytes: number, limits: ArchiveLimits) =>
  bytes > limits.maxUncompressedBytes
    ? new ArchiveRefused('tooLarge', `${bytes} bytes inflated`)
    : new ArchiveRefused('ratio', `${bytes} bytes inflated from ${fileBytes}`);
