import { useEffect, useId, useRef, useState } from 'react';
import { Button, Classes, DialogBody, DialogFooter, FormGroup, Icon, Intent, Slider, Spinner } from '@blueprintjs/core';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDiscardConfirmation } from '../../components/confirm/useConfirmation';
import type { AvatarUrls } from '../../../../contract/accountManagement';
import type { UiMessage } from '../../../../contract/errors';
import { AVATAR_MAX_BYTES, AVATAR_THUMBNAIL_SIZE, MB } from '../../../../contract/limits';
import { getToaster } from '../../components/toaster';
import { FileDropCard } from '../../components/FileDropCard';
import { ClearChoiceButton, DropHint, PickFileInput, UploadProgress } from '../../components/UploadFormParts';
import { SubmitProblemCallout } from '../../components/SubmitProblemCallout';
import { useCurrentSession } from '../../lib/currentUser';
import { useObjectUrl } from '../../lib/objectUrl';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { failureMessage } from '../../lib/failureMessage';
import { useUnsavedData } from '../../lib/unsavedData';
import {
  AVATAR_ACCEPT,
  checkPhoto,
  checkReadable,
  cropPhoto,
  makeThumbnail,
  saveAvatar,
  SAVE_FAILURES,
  UnreadablePhoto,
} from './avatarUpload';
import { ownAvatarKeys } from './api/accountKeys';
import { OwnAvatar } from './ownAvatar';
import { PortalDialog } from '../../components/dialog/PortalDialog';

/** Width of the avatar modal. Chosen: not in spec. */
const AVATAR_DIALOG_WIDTH = 500;
/** Size of the photo's preview in the modal. Chosen: not in spec. */
const PREVIEW_SIZE = 100;
/** The editor's square (spec 3 section 5). */
const EDITOR_SIZE = 200;
/** Zoom from 100 to 200 percent (spec 3 section 9). */
const ZOOM_MIN = 100;
const ZOOM_MAX = 200;
/** The crop is made once the editor has been still this long. Chosen: not in spec. */
const CROP_SETTLE_MS = 150;

export interface AvatarUploadDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The avatar-upload modal of the own account (spec 3 sections 2 and 5): pick a JPEG or PNG, place it in the circle
 * (drag, zoom 100-200 %, rotate right), see the cropped photo and its thumbnail, save them.
 */
export function AvatarUploadDialog({ isOpen, onClose }: AvatarUploadDialogProps) {
  // Mounted only while open, so every opening starts with nothing chosen.
  return isOpen ? <AvatarUploadForm onClose={onClose} /> : null;
}

const unusableProblem = (e: unknown): UiMessage =>
  e instanceof UnreadablePhoto ? { key: 'avatar:unreadable' } : { key: 'avatar:upload_failed' };

/** The cropped photo and its thumbnail, made from the editor's circle. */
interface Cropped {
  image: Blob;
  thumbnail: Blob;
}

function AvatarUploadForm({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { user } = useCurrentSession();
  const queryClient = useQueryClient();
  const rulesId = useId();
  const hintId = useId();
  const percentFormat = new Intl.NumberFormat(i18n.language, { style: 'percent' });

  const [file, setFile] = useState<File | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const [cropped, setCropped] = useState<Cropped | null>(null);
  const [invalid, setInvalid] = useState<UiMessage | null>(null);
  const [percent, setPercent] = useState(0);
  const editorImage = useObjectUrl(file);
  const preview = useObjectUrl(cropped?.image ?? null);
  const thumbnailPreview = useObjectUrl(cropped?.thumbnail ?? null);
  const picking = useRef(0);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const unusable = (e: unknown) => {
    setFile(null);
    setInvalid(unusableProblem(e));
  };

  // Save waits for the cropped photo (spec 3 section 4): it is made again whenever the circle has settled.
  useEffect(() => {
    setCropped(null);
    if (!file || !area) return;
    let current = true;
    const timer = setTimeout(() => {
      cropPhoto(file, area, rotation)
        .then(async (image) => ({ image, thumbnail: await makeThumbnail(image) }))
        .then(
          (made) => current && setCropped(made),
          (e: unknown) => {
            if (!current) return;
            setFile(null);
            setInvalid(unusableProblem(e));
          },
        );
    }, CROP_SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [file, area, rotation]);

  const save = useMutation({
    mutationFn: ({ photo, thumbnail }: { photo: File; thumbnail: Blob }) => {
      const controller = new AbortController();
      upload.current = controller;
      return saveAvatar(photo, thumbnail, setPercent, controller.signal);
    },
    onSuccess: (urls: AvatarUrls) => {
      queryClient.setQueryData(ownAvatarKeys.of(user.userId), urls);
      void getToaster().then((toaster) =>
        toaster.show({ message: t('avatar:saved'), intent: Intent.SUCCESS, icon: 'tick' }),
      );
      onClose();
    },
    onError: handOverSessionErrors,
  });

  const dirty = file !== null;
  useUnsavedData(dirty);
  const preparing = file !== null && cropped === null;
  const problem = invalid ?? (save.isError ? failureMessage(save.error, SAVE_FAILURES) : null);

  /** Check a pick by the avatar rules and that it can be read, then open it in the editor (spec 3 section 5). */
  const pick = (files: File[]) => {
    if (files.length === 0 || save.isPending) return;
    save.reset();
    const picked = files[0]!;
    const found = files.length > 1 ? { key: 'avatar:one_photo' } : checkPhoto(picked);
    setInvalid(found);
    if (found) return;
    const attempt = ++picking.current;
    setFile(picked);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setRotation(0);
    setArea(null);
    checkReadable(picked).catch((e: unknown) => attempt === picking.current && unusable(e));
  };

  const clearChoice = () => {
    picking.current += 1;
    setFile(null);
    setInvalid(null);
    save.reset();
  };

  const submit = () => {
    if (!file) {
      setInvalid(checkPhoto(null));
      return;
    }
    if (!cropped) return;
    const photo = new File([cropped.image], file.name, { type: cropped.image.type });
    save.mutate({ photo, thumbnail: cropped.thumbnail });
  };

  // Closing while the photo is uploading asks too: closing stops the upload.
  const { requestClose, element: discardQuestion } = useDiscardConfirmation({
    dirty: dirty || save.isPending,
    busy: false,
    onClose: () => {
      upload.current?.abort();
      onClose();
    },
  });

  return (
    <PortalDialog
      isOpen
      onClose={requestClose}
      title={t('avatar:dialog_title')}
      icon="media"
      style={{ width: AVATAR_DIALOG_WIDTH, maxWidth: '95vw' }}
    >
      <DialogBody>
        {file && editorImage ? (
          <FormGroup label={t('avatar:editor')} style={{ marginBottom: 16 }}>
            <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
              <div style={{ position: 'relative', width: EDITOR_SIZE, height: EDITOR_SIZE, flex: 'none' }}>
                <Cropper
                  image={editorImage}
                  crop={crop}
                  zoom={zoom}
                  rotation={rotation}
                  minZoom={ZOOM_MIN / 100}
                  maxZoom={ZOOM_MAX / 100}
                  aspect={1}
                  cropShape="round"
                  objectFit="cover"
                  showGrid={false}
                  onCropChange={setCrop}
                  onZoomChange={setZoom}
                  onCropComplete={(_, pixels) => setArea(pixels)}
                  disableAutomaticStylesInjection
                  mediaProps={{ alt: '' }}
                  cropperProps={{ role: 'group', 'aria-label': t('avatar:editor_area'), 'aria-describedby': hintId }}
                />
              </div>
              <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
                <span className={Classes.TEXT_MUTED}>{t('avatar:preview')}</span>
                <div style={{ display: 'flex', gap: 12, alignItems: 'flex-end', minHeight: PREVIEW_SIZE }}>
                  {preview && thumbnailPreview ? (
                    <>
                      <img
                        src={preview}
                        alt={t('avatar:preview_of', { fileName: file.name })}
                        width={PREVIEW_SIZE}
                        height={PREVIEW_SIZE}
                        style={{ borderRadius: '50%' }}
                      />
                      <img
                        src={thumbnailPreview}
                        alt={t('avatar:thumbnail_preview', { size: AVATAR_THUMBNAIL_SIZE })}
                        width={AVATAR_THUMBNAIL_SIZE / 2}
                        height={AVATAR_THUMBNAIL_SIZE / 2}
                        style={{ borderRadius: '50%' }}
                      />
                    </>
                  ) : (
                    <Spinner size={20} aria-label={t('avatar:preparing')} />
                  )}
                </div>
              </div>
            </div>
            <p id={hintId} className={Classes.TEXT_MUTED} style={{ margin: '8px 0' }}>
              {t('avatar:editor_hint')}
            </p>
            <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
              <span aria-hidden>{t('avatar:zoom')}</span>
              <div style={{ flex: 1, padding: '0 20px' }}>
                <Slider
                  min={ZOOM_MIN}
                  max={ZOOM_MAX}
                  stepSize={5}
                  labelStepSize={50}
                  labelRenderer={(value) => percentFormat.format(value / 100)}
                  value={Math.round(zoom * 100)}
                  onChange={(value) => setZoom(value / 100)}
                  handleHtmlProps={{ 'aria-label': t('avatar:zoom') }}
                  disabled={save.isPending}
                />
              </div>
              <Button
                icon="redo"
                text={t('avatar:rotate_right')}
                disabled={save.isPending}
                onClick={() => setRotation((r) => (r + 90) % 360)}
              />
            </div>
          </FormGroup>
        ) : (
          <FormGroup label={t('avatar:current')} style={{ marginBottom: 16 }}>
            <OwnAvatar
              size={96}
              variant="image"
              alt={t('avatar:your_photo')}
              fallback={<span className={Classes.TEXT_MUTED}>{t('avatar:none')}</span>}
            />
          </FormGroup>
        )}
        <FormGroup
          label={t('avatar:new_photo')}
          helperText={
            <span id={rulesId}>
              {t('avatar:rules', { maxSize: AVATAR_MAX_BYTES / MB, size: AVATAR_THUMBNAIL_SIZE })}
            </span>
          }
        >
          <FileDropCard onDrop={pick}>
            <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <PickFileInput
                fill
                disabled={save.isPending}
                text={file?.name ?? t('avatar:choose')}
                hasSelection={file !== null}
                buttonText={t('avatar:browse')}
                inputProps={{ accept: AVATAR_ACCEPT, 'aria-label': t('avatar:file'), 'aria-describedby': rulesId }}
                onPick={pick}
              />
              {file && (
                <ClearChoiceButton label={t('avatar:clear_choice')} disabled={save.isPending} onClick={clearChoice} />
              )}
            </div>
            <DropHint>
              <Icon icon="import" size={12} aria-hidden /> {t('avatar:drop_hint')}
            </DropHint>
          </FileDropCard>
        </FormGroup>
        {save.isPending && (
          <UploadProgress
            percent={percent}
            label={percent < 100 ? t('avatar:uploading', { percent }) : t('avatar:saving')}
          />
        )}
        <SubmitProblemCallout message={problem} icon="error" />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('cancel')} onClick={requestClose} />
            <Button
              intent={Intent.PRIMARY}
              text={t('avatar:save')}
              // Saving waits for the thumbnail (spec 3 section 6); with nothing chosen it says so.
              disabled={preparing}
              loading={save.isPending}
              onClick={submit}
            />
          </>
        }
      />
      {discardQuestion}
    </PortalDialog>
  );
}
