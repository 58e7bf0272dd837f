import { useEffect, useId, useRef, useState } from 'react';
import { Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup, Icon, Intent, Spinner } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DiscardChangesAlert } from '../../components/DiscardChangesAlert';
import type { AvatarUrls } from '../../../../contract/accountManagement';
import { AVATAR_MAX_BYTES, AVATAR_THUMBNAIL_SIZE, MB } from '../../../../contract/limits';
import { getToaster } from '../../components/toaster';
import { FileDropCard } from '../../components/FileDropCard';
import {
  ClearChoiceButton,
  DropHint,
  PickFileInput,
  ProblemCallout,
  UploadProgress,
} from '../../components/UploadFormParts';
import { useCurrentSession } from '../../lib/currentUser';
import { useObjectUrl } from '../../lib/objectUrl';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import type { Problem } from '../../lib/uploadProblem';
import { useUnsavedData } from '../../lib/unsavedData';
import { AVATAR_ACCEPT, checkPhoto, makeThumbnail, problemOf, saveAvatar, UnreadablePhoto } from './avatarUpload';
import { OwnAvatar, ownAvatarKey } from './ownAvatar';

/** Width of the avatar modal. Chosen: not in spec. */
const AVATAR_DIALOG_WIDTH = 500;
/** Size of the photo's preview in the modal. Chosen: not in spec. */
const PREVIEW_SIZE = 100;

export interface AvatarUploadDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** The avatar-upload modal of the own account (spec 3 sections 2 and 5): pick a JPEG or PNG, preview, save. */
export function AvatarUploadDialog({ isOpen, onClose }: AvatarUploadDialogProps) {
  // Mounted only while open, so every opening starts with nothing chosen.
  return isOpen ? <AvatarUploadForm onClose={onClose} /> : null;
}

/** A chosen photo and its thumbnail, once made. */
interface Choice {
  file: File;
  thumbnail: Blob | null;
}

function AvatarUploadForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const queryClient = useQueryClient();
  const rulesId = useId();

  const [choice, setChoice] = useState<Choice | null>(null);
  const [invalid, setInvalid] = useState<Problem | null>(null);
  const [percent, setPercent] = useState(0);
  const [confirmClose, setConfirmClose] = useState(false);
  const preview = useObjectUrl(choice?.file ?? null);
  const thumbnailPreview = useObjectUrl(choice?.thumbnail ?? null);
  const picking = useRef(0);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const save = useMutation({
    mutationFn: ({ file, thumbnail }: { file: File; thumbnail: Blob }) => {
      const controller = new AbortController();
      upload.current = controller;
      return saveAvatar(file, thumbnail, setPercent, controller.signal);
    },
    onSuccess: (urls: AvatarUrls) => {
      queryClient.setQueryData(ownAvatarKey(user.userId), urls);
      void getToaster().then((toaster) =>
        toaster.show({ message: t('avatar:saved'), intent: Intent.SUCCESS, icon: 'tick' }),
      );
      onClose();
    },
    onError: handOverSessionErrors,
  });

  const dirty = choice !== null;
  useUnsavedData(dirty);
  const preparing = choice !== null && choice.thumbnail === null;
  const problem = invalid ?? (save.isError ? problemOf(save.error) : null);

  /** Check a pick by the avatar rules, then make its thumbnail; Save waits for it (spec 3 section 6). */
  const pick = (files: File[]) => {
    if (files.length === 0 || save.isPending) return;
    save.reset();
    const file = files[0]!;
    const found = files.length > 1 ? { key: 'avatar:one_photo' } : checkPhoto(file);
    setInvalid(found);
    if (found) return;
    const attempt = ++picking.current;
    setChoice({ file, thumbnail: null });
    makeThumbnail(file).then(
      (thumbnail) => attempt === picking.current && setChoice({ file, thumbnail }),
      (e: unknown) => {
        if (attempt !== picking.current) return;
        setChoice(null);
        setInvalid(e instanceof UnreadablePhoto ? { key: 'avatar:unreadable' } : { key: 'avatar:upload_failed' });
      },
    );
  };

  const clearChoice = () => {
    picking.current += 1;
    setChoice(null);
    setInvalid(null);
    save.reset();
  };

  const submit = () => {
    if (!choice) {
      setInvalid(checkPhoto(null));
      return;
    }
    if (choice.thumbnail) save.mutate({ file: choice.file, thumbnail: choice.thumbnail });
  };

  const requestClose = () => {
    if (dirty || save.isPending) setConfirmClose(true);
    else onClose();
  };

  return (
    <Dialog
      isOpen
      onClose={requestClose}
      title={t('avatar:dialog_title')}
      icon="media"
      style={{ width: AVATAR_DIALOG_WIDTH, maxWidth: '95vw' }}
    >
      <DialogBody>
        <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start', marginBottom: 16 }}>
          <FormGroup label={t('avatar:current')} style={{ margin: 0 }}>
            <OwnAvatar
              size={96}
              variant="image"
              alt={t('avatar:your_photo')}
              fallback={<span className={Classes.TEXT_MUTED}>{t('avatar:none')}</span>}
            />
          </FormGroup>
          {choice && (
            <FormGroup label={t('avatar:preview')} style={{ margin: 0 }}>
              <div style={{ display: 'flex', gap: 12, alignItems: 'flex-end' }}>
                {preview && (
                  <img
                    src={preview}
                    alt={t('avatar:preview_of', { fileName: choice.file.name })}
                    width={PREVIEW_SIZE}
                    height={PREVIEW_SIZE}
                    style={{ borderRadius: '50%', objectFit: 'cover' }}
                  />
                )}
                {thumbnailPreview ? (
                  <img
                    src={thumbnailPreview}
                    alt={t('avatar:thumbnail_preview', { size: AVATAR_THUMBNAIL_SIZE })}
                    width={AVATAR_THUMBNAIL_SIZE / 2}
                    height={AVATAR_THUMBNAIL_SIZE / 2}
                    style={{ borderRadius: '50%' }}
                  />
                ) : (
                  <Spinner size={20} aria-label={t('avatar:preparing')} />
                )}
              </div>
            </FormGroup>
          )}
        </div>
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
                text={choice?.file.name ?? t('avatar:choose')}
                hasSelection={choice !== null}
                buttonText={t('avatar:browse')}
                inputProps={{ accept: AVATAR_ACCEPT, 'aria-label': t('avatar:file'), 'aria-describedby': rulesId }}
                onPick={pick}
              />
              {choice && (
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
        <ProblemCallout problem={problem} />
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
      <DiscardChangesAlert
        isOpen={confirmClose}
        onKeepEditing={() => setConfirmClose(false)}
        onDiscard={() => {
          setConfirmClose(false);
          upload.current?.abort();
          onClose();
        }}
      />
    </Dialog>
  );
}
