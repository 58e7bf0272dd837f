import { useQueries, useQuery } from '@tanstack/react-query';
import {
  DOWNLOAD_URL_BATCH_MAX,
  SIGNED_URL_SECONDS,
  type DownloadUrl,
  type EquipmentImage,
  type FileIdentifier,
} from '../../../../contract/images';
import { client, resultOf } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';

/** Signed URLs are cached for their lifetime (spec 1 section 7), less a minute so an image never loads expired. */
const SIGNED_URL_CACHE_MS = (SIGNED_URL_SECONDS - 60) * 1000;

/** The keys of signed download URLs, by bucket and resource key (the customer logo's too). */
export const downloadUrlKeys = queryKeys('downloadUrl', {
  of: (bucketName: string | undefined, resourceKey: string | undefined) => [bucketName, resourceKey],
  none: () => [],
});

interface Waiting {
  file: FileIdentifier;
  resolve(link: DownloadUrl): void;
  reject(error: unknown): void;
}

let waiting: Waiting[] = [];
let flushScheduled = false;

/** Ask for every URL wanted in the same tick with one POST Storage/downloadUrls per 100 files. */
function flush() {
  const batch = waiting;
  waiting = [];
  flushScheduled = false;
  for (let start = 0; start < batch.length; start += DOWNLOAD_URL_BATCH_MAX) {
    const part = batch.slice(start, start + DOWNLOAD_URL_BATCH_MAX);
    const files = [...new Map(part.map((w) => [`${w.file.bucketName}/${w.file.resourceKey}`, w.file])).values()];
    resultOf(
      // ignoreCancel: two batches in flight are both wanted; silent: a missing thumbnail shows the placeholder.
      client.images.requestDownloadUrls({ body: { files }, silent: true, ignoreCancel: true }),
    ).then(
      ({ items }) => {
        for (const w of part) {
          const link = items.find((i) => i.bucketName === w.file.bucketName && i.resourceKey === w.file.resourceKey);
          if (link) w.resolve(link);
          else w.reject(new Error(`no URL for ${w.file.resourceKey}`));
        }
      },
      (error: unknown) => part.forEach((w) => w.reject(error)),
    );
  }
}

/** A signed download URL of a stored file; calls made in the same tick travel in one request. */
export function signedDownloadUrl(file: FileIdentifier): Promise<DownloadUrl> {
  return new Promise((resolve, reject) => {
    waiting.push({ file: { resourceKey: file.resourceKey, bucketName: file.bucketName }, resolve, reject });
    if (!flushScheduled) {
      flushScheduled = true;
      setTimeout(flush, 0);
    }
  });
}

const signedUrlQuery = (file: FileIdentifier | null) => ({
  queryKey: file ? downloadUrlKeys.of(file.bucketName, file.resourceKey) : downloadUrlKeys.none(),
  queryFn: () => signedDownloadUrl(file!),
  enabled: file !== null,
  staleTime: SIGNED_URL_CACHE_MS,
  gcTime: SIGNED_URL_CACHE_MS,
  retry: 1,
});

/** The signed URL of one stored file: the URL, null while there is none yet, or 'failed'. */
export function useSignedUrl(file: FileIdentifier | null): string | null | 'failed' {
  const link = useQuery(signedUrlQuery(file));
  if (link.isError) return 'failed';
  return link.data?.url ?? null;
}

/**
 * Signed URLs of the thumbnails of some images (a page of rows: pass each row's default image, or null), asked for
 * in one request. Returns the URLs in the order of `images`; null where there is no image or no URL yet.
 * EquipmentThumbnail reads the same cache, so thumbnails of rows whose URLs were fetched here load at once.
 */
export function useThumbnailUrls(images: ReadonlyArray<EquipmentImage | null>): (string | null)[] {
  const results = useQueries({ queries: images.map((image) => signedUrlQuery(image?.thumbnailIdentifier ?? null)) });
  return results.map((r) => r.data?.url ?? null);
}
