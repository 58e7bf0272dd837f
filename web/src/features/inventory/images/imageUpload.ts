import {
  FILE_SIZE_MESSAGE,
  FILE_TYPE_MESSAGE,
  IMAGE_EXTENSIONS,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_FILES,
  fileExtension,
  hasAllowedExtension,
  type UploadKind,
} from '../../../../../contract/images';
import { IMAGE_THUMBNAIL_WIDTH, MB } from '../../../../../contract/limits';
import { canvasBlob, drawingCanvas } from '../../../lib/canvasImage';

/** Uploads of equipment images go to the equipment folder with the image limits. */
export const IMAGE_UPLOAD_KIND: UploadKind = 'EquipmentImage';
export const IMAGE_ACCEPT = IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',');
export const IMAGE_TYPE_LIST = IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(' ');
/** JPEG quality of a thumbnail made from a JPEG photo. Chosen: not in spec. */
const THUMBNAIL_JPEG_QUALITY = 0.85;
/** A file name may be 255 characters; the thumbnail's adds a suffix to the photo's. */
const THUMBNAIL_STEM_MAX = 200;

/** A message for the user: an i18n key and its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

export const TOO_MANY: Problem = { key: 'Attach_smaller_maxFile', values: { maxFiles: IMAGE_MAX_FILES } };
export const TOO_LARGE: Problem = { key: FILE_SIZE_MESSAGE, values: { maxSize: IMAGE_MAX_BYTES / MB } };
export const WRONG_TYPE: Problem = { key: FILE_TYPE_MESSAGE };
export const EMPTY_FILE: Problem = { key: 'images:file_empty' };

/** What is wrong with picked files by the image rules (spec 2 section 5): 1 file, 5 MB, jpg jpeg png gif bmp. */
export function checkPickedFiles(files: ReadonlyArray<{ name: string; size: number }>): Problem | null {
  if (files.length > IMAGE_MAX_FILES) return TOO_MANY;
  const file = files[0];
  if (!file) return null;
  if (!hasAllowedExtension(IMAGE_UPLOAD_KIND, file.name)) return WRONG_TYPE;
  if (file.size > IMAGE_MAX_BYTES) return TOO_LARGE;
  if (file.size === 0) return EMPTY_FILE;
  return null;
}

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
