import { AvatarFile, type AvatarChange, type AvatarUrls } from '../../../../contract/accountManagement';
import { MessageKey, type UiMessage } from '../../../../contract/errors';
import { AVATAR_EXTENSIONS, type UploadKind } from '../../../../contract/images';
import { AVATAR_MAX_BYTES, AVATAR_THUMBNAIL_SIZE, MB } from '../../../../contract/limits';
import { client, resultOf } from '../../lib/api';
import { canvasBlob, drawingCanvas } from '../../lib/canvasImage';
import { uploadFile } from '../../lib/fileUpload';
import type { FailureRules } from '../../lib/failureMessage';

/** Avatars go to the avatar folder of the customer with the avatar limits. */
const AVATAR_UPLOAD_KIND: UploadKind = 'Avatar';
export const AVATAR_ACCEPT = AVATAR_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** The spec's message keys (spec 3 section 8) as this app translates them. */
const MESSAGES: Record<string, UiMessage> = {
  [MessageKey.uploadNewPhoto]: { key: 'avatar:please_upload_new_photo' },
  [MessageKey.imageTypeLimit]: { key: 'avatar:img_type_limit' },
  [MessageKey.attachSmallerMaxSize]: {
    key: MessageKey.attachSmallerMaxSize,
    values: { maxSize: AVATAR_MAX_BYTES / MB },
  },
};
const messageOf = (key: string): UiMessage => MESSAGES[key] ?? { key: 'avatar:upload_failed' };

/**
 * What is wrong with a picked photo by the avatar rules (spec 3 section 5): none chosen, not jpeg or png, 5 MB or
 * more. The browser's type of a file follows its name; the server reads the bytes.
 */
export function checkPhoto(file: File | null): UiMessage | null {
  const parsed = AvatarFile.safeParse(file ? { type: file.type, size: file.size } : undefined);
  if (parsed.success) return null;
  const messages = parsed.error.issues.map((issue) => issue.message);
  // The type is named first: a wrong file is wrong whatever its size.
  const first = [MessageKey.imageTypeLimit, MessageKey.uploadNewPhoto, MessageKey.attachSmallerMaxSize].find((m) =>
    messages.includes(m),
  );
  return messageOf(first ?? messages[0] ?? '');
}

/** A photo the browser cannot decode (a damaged file, or another format under a .jpg or .png name). */
export class UnreadablePhoto extends Error {}

/** The part of a photo the editor's circle covers, in pixels of the photo turned by the editor's rotation. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The largest side of a saved photo: the crop is scaled down to it. Chosen: not in spec. */
export const AVATAR_IMAGE_MAX = 512;

async function decode(photo: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(photo);
  } catch {
    throw new UnreadablePhoto('the photo cannot be decoded');
  }
}

/** Whether the browser can decode the photo; throws UnreadablePhoto when it cannot. */
export async function checkReadable(photo: Blob): Promise<void> {
  (await decode(photo)).close();
}

/**
 * The square the avatar editor shows in its circle (spec 3 section 2): the photo turned right `rotation` degrees
 * (a multiple of 90), cut to `area` and scaled to at most AVATAR_IMAGE_MAX px. A JPEG stays a JPEG; anything else
 * becomes a PNG, so a transparent photo stays transparent.
 */
export async function cropPhoto(photo: Blob, area: CropArea, rotation: number): Promise<Blob> {
  const bitmap = await decode(photo);
  try {
    const turns = (((Math.round(rotation / 90) % 4) + 4) % 4) as 0 | 1 | 2 | 3;
    const turnedWidth = turns % 2 === 1 ? bitmap.height : bitmap.width;
    const turnedHeight = turns % 2 === 1 ? bitmap.width : bitmap.height;
    const side = Math.max(1, Math.min(AVATAR_IMAGE_MAX, Math.round(area.width)));
    const { canvas, context } = drawingCanvas(side, side);
    context.scale(side / area.width, side / area.height);
    context.translate(-area.x + turnedWidth / 2, -area.y + turnedHeight / 2);
    context.rotate((turns * Math.PI) / 2);
    context.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
    return await canvasBlob(canvas, photo.type === 'image/jpeg' ? 'image/jpeg' : 'image/png');
  } finally {
    bitmap.close();
  }
}

/**
 * The 64 px thumbnail of a photo (spec 3 section 9), shown in a circle: the centre square of the photo (the whole
 * of a cropped one) resized onto a square canvas keeping its aspect ratio (spec 1 section 5). PNG.
 */
export async function makeThumbnail(photo: Blob): Promise<Blob> {
  const bitmap = await decode(photo);
  try {
    const square = Math.min(bitmap.width, bitmap.height);
    const { canvas, context } = drawingCanvas(AVATAR_THUMBNAIL_SIZE, AVATAR_THUMBNAIL_SIZE);
    const left = Math.floor((bitmap.width - square) / 2);
    const top = Math.floor((bitmap.height - square) / 2);
    context.drawImage(bitmap, left, top, square, square, 0, 0, AVATAR_THUMBNAIL_SIZE, AVATAR_THUMBNAIL_SIZE);
    return await canvasBlob(canvas, 'image/png');
  } finally {
    bitmap.close();
  }
}

/** The file name of a photo's thumbnail: `<name>_thumbnail.png`. */
const thumbnailName = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return `${(dot > 0 ? fileName.slice(0, dot) : fileName).slice(0, 200)}_thumbnail.png`;
};

/**
 * Upload the photo and its thumbnail to storage through signed URLs, reporting whole percents of both together,
 * then set them as the user's avatar (POST Users/profile/avatar). Answers the new avatar's URLs.
 */
export async function saveAvatar(
  photo: File,
  thumbnail: Blob,
  onPercent: (percent: number) => void,
  signal: AbortSignal,
): Promise<AvatarUrls> {
  const total = photo.size + thumbnail.size;
  const sent = { photo: 0, thumbnail: 0 };
  const report = () => onPercent(Math.min(100, Math.floor(((sent.photo + sent.thumbnail) / total) * 100)));
  onPercent(0);
  const image = await uploadFile(photo, {
    kind: AVATAR_UPLOAD_KIND,
    signal,
    onProgress: (p) => ((sent.photo = p.sent), report()),
  });
  const named = new File([thumbnail], thumbnailName(photo.name), { type: thumbnail.type });
  const small = await uploadFile(named, {
    kind: AVATAR_UPLOAD_KIND,
    signal,
    onProgress: (p) => ((sent.thumbnail = p.sent), report()),
  });
  const body: AvatarChange = { image, thumbnail: small };
  return resultOf(client.accountManagement.uploadAvatar({ body, silent: true }));
}

/**
 * How a failed save is worded. The avatar call names a refused file by the spec's keys, the upload-URL call by
 * the storage's own.
 */
export const SAVE_FAILURES: FailureRules = {
  failed: { key: 'avatar:upload_failed' },
  notAllowed: { key: 'avatar:not_allowed' },
  byRefusal: MESSAGES,
  upload: {
    tooLarge: messageOf(MessageKey.attachSmallerMaxSize),
    wrongType: messageOf(MessageKey.imageTypeLimit),
    failed: { key: 'avatar:upload_failed' },
  },
};
