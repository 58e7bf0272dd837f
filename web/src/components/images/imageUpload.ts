import { ErrorCode } from '../../../../contract/errors';
import { IMAGE_EXTENSIONS, fileExtension } from '../../../../contract/images';
import { IMAGE_THUMBNAIL_WIDTH } from '../../../../contract/limits';
import { TOO_LARGE, WRONG_TYPE } from '../../../../machines/imageUpload.machine';
import { canvasBlob, drawingCanvas } from '../../lib/canvasImage';
import type { FailureRules } from '../../lib/failureMessage';

export { checkPickedFiles, IMAGE_UPLOAD_KIND, TOO_LARGE, WRONG_TYPE } from '../../../../machines/imageUpload.machine';

export const IMAGE_ACCEPT = IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',');
export const IMAGE_TYPE_LIST = IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(' ');
/** JPEG quality of a thumbnail made from a JPEG photo. Chosen: not in spec. */
const THUMBNAIL_JPEG_QUALITY = 0.85;
/** A file name may be 255 characters; the thumbnail's adds a suffix to the photo's. */
const THUMBNAIL_STEM_MAX = 200;

/** The file name of a photo's thumbnail: `<name>_thumbnail.<png|jpg>`. */
export function thumbnailFileName(fileName: string, thumbnail: Blob): string {
  const dot = fileName.lastIndexOf('.');
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName).slice(0, THUMBNAIL_STEM_MAX);
  return `${stem}_thumbnail.${thumbnail.type === 'image/jpeg' ? 'jpg' : 'png'}`;
}

/**
 * The 100 px thumbnail of an image (spec 2 sections 5 and 9): drawn on a canvas 100 px wide (narrower images keep
 * their width), keeping the aspect ratio. JPEG for a JPEG photo, else PNG (which keeps transparency). Rejects when
 * the browser cannot decode the file as an image.
 */
export async function makeThumbnail(file: Blob, fileName: string): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const width = Math.max(1, Math.min(IMAGE_THUMBNAIL_WIDTH, bitmap.width));
    const height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
    const { canvas, context } = drawingCanvas(width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const ext = fileExtension(fileName);
    const type = ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : 'image/png';
    return await canvasBlob(canvas, type, THUMBNAIL_JPEG_QUALITY);
  } finally {
    bitmap.close();
  }
}

/** How the image calls and uploads word their failures. */
export const IMAGE_FAILURES: FailureRules = {
  failed: { key: 'images:refused' },
  notAllowed: { key: 'images:not_allowed' },
  notFound: { key: 'images:image_gone' },
  byErrorCode: { [ErrorCode.EquipmentNotFound]: { key: 'errorMessage:error_msg_10002' } },
  upload: { tooLarge: TOO_LARGE, wrongType: WRONG_TYPE, failed: { key: 'images:upload_failed' } },
};
