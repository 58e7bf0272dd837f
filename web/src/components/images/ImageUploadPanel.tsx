import { useEffect, useId, useMemo, useRef } from 'react';
import { Button, Checkbox, Classes, FormGroup, Intent, Spinner } from '@blueprintjs/core';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { InstrumentImageData } from '../../../../contract/images';
import { IMAGE_MAX_BYTES } from '../../../../contract/images';
import { IMAGE_THUMBNAIL_WIDTH, MB } from '../../../../contract/limits';
import {
  imageUploadMachine,
  percentSent,
  type ChosenImage,
  type UploadImageInput,
} from '../../../../machines/imageUpload.machine';
import type { PickedFile } from '../../../../machines/documentUpload.machine';
import { FileDropCard } from '../FileDropCard';
import { ClearChoiceButton, DropHint, PickFileInput, UploadProgress } from '../UploadFormParts';
import { SubmitProblemCallout } from '../SubmitProblemCallout';
import { updateImages } from './api/images';
import { uploadFile } from '../../lib/fileUpload';
import { useObjectUrl } from '../../lib/objectUrl';
import { failureMessage } from '../../lib/failureMessage';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import {
  IMAGE_ACCEPT,
  IMAGE_TYPE_LIST,
  IMAGE_UPLOAD_KIND,
  makeThumbnail,
  IMAGE_FAILURES,
  thumbnailFileName,
} from './imageUpload';

interface UploadPanelProps {
  equipmentId: number;
  hasImages: boolean;
  onUnsavedChange(unsaved: boolean): void;
  onUploaded(result: InstrumentImageData | null): void;
}

/** Sends the photo and its thumbnail to storage side by side, then registers both with the instrument. */
async function sendImage(equipmentId: number, { chosen, asDefault, report }: UploadImageInput, signal: AbortSignal) {
  const { file, thumbnail } = chosen;
  const thumbnailFile = new File([thumbnail], thumbnailFileName(file.name, thumbnail), { type: thumbnail.type });
  let imageSent = 0;
  let thumbnailSent = 0;
  const options = { kind: IMAGE_UPLOAD_KIND, signal, concurrent: true };
  const [imageIdentifier, thumbnailIdentifier] = await Promise.all([
    uploadFile(file as File, { ...options, onProgress: ({ sent }) => report((imageSent = sent) + thumbnailSent) }),
    uploadFile(thumbnailFile, { ...options, onProgress: ({ sent }) => report(imageSent + (thumbnailSent = sent)) }),
  ]);
  return updateImages(equipmentId, {
    addList: [{ imageIdentifier, thumbnailIdentifier, fileName: file.name, isDefault: asDefault }],
    deleteList: [],
  });
}

/** Pick one image, see it and its thumbnail, then upload both and register them (the imageUpload machine). */
export function ImageUploadPanel({ equipmentId, hasImages, onUnsavedChange, onUploaded }: UploadPanelProps) {
  const { t } = useTranslation();
  const rulesId = useId();
  const latestOnUploaded = useRef(onUploaded);
  latestOnUploaded.current = onUploaded;
  const machine = useMemo(
    () =>
      imageUploadMachine.provide({
        actors: {
          prepare: fromPromise<ChosenImage, PickedFile>(async ({ input }) => ({
            file: input,
            thumbnail: await makeThumbnail(input, input.name),
          })),
          upload: fromPromise<InstrumentImageData | null, UploadImageInput>(({ input, signal }) =>
            sendImage(equipmentId, input, signal),
          ),
        },
        actions: {
          uploaded: (_, result) => latestOnUploaded.current(result),
          failed: (_, error) => handOverSessionErrors(error),
        },
      }),
    [equipmentId],
  );
  const [snapshot, send] = useMachine(machine);
  const { chosen, problem: refused, failure, asDefault } = snapshot.context;
  const preparing = snapshot.matches('preparing');
  const uploading = snapshot.matches('uploading');
  const busy = preparing || uploading;
  const problem = refused ?? (failure ? failureMessage(failure, IMAGE_FAILURES) : null);
  const percent = percentSent(snapshot.context);
  const preview = useObjectUrl(chosen?.file ?? null);
  const thumbnailPreview = useObjectUrl(chosen?.thumbnail ?? null);

  const unsaved = chosen !== null;
  useEffect(() => onUnsavedChange(unsaved), [unsaved, onUnsavedChange]);

  const pick = (files: File[]) => {
    if (!busy) send({ type: 'PICK', files });
  };

  return (
    <div>
      <FormGroup
        label={t('images:file_label')}
        labelFor={`${rulesId}-input`}
        helperText={
          <span id={rulesId}>
            {t('images:upload_rules', {
              types: IMAGE_TYPE_LIST,
              maxSize: IMAGE_MAX_BYTES / MB,
              width: IMAGE_THUMBNAIL_WIDTH,
            })}
          </span>
        }
      >
        <FileDropCard onDrop={pick}>
          <PickFileInput
            fill
            disabled={busy}
            text={chosen?.file.name ?? t('images:choose_file')}
            hasSelection={chosen !== null}
            buttonText={t('images:browse')}
            inputProps={{
              id: `${rulesId}-input`,
              accept: IMAGE_ACCEPT,
              'aria-label': t('images:file_label'),
              'aria-describedby': rulesId,
            }}
            onPick={pick}
          />
          <DropHint>{t('images:drop_hint')}</DropHint>
          {preparing && (
            <div role="status" style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 8 }}>
              <Spinner size={16} />
              <span className={Classes.TEXT_MUTED}>{t('images:preparing')}</span>
            </div>
          )}
          {chosen && preview && (
            <div style={{ display: 'flex', alignItems: 'flex-end', gap: 16, marginTop: 12 }}>
              <img
                src={preview}
                alt={t('images:preview_alt', { fileName: chosen.file.name })}
                style={{ maxHeight: 160, maxWidth: 320, objectFit: 'contain' }}
              />
              {thumbnailPreview && (
                <figure style={{ margin: 0 }}>
                  <img src={thumbnailPreview} alt={t('images:thumbnail_alt', { fileName: chosen.file.name })} />
                  <figcaption className={Classes.TEXT_MUTED}>
                    {t('images:thumbnail_caption', { width: IMAGE_THUMBNAIL_WIDTH })}
                  </figcaption>
                </figure>
              )}
              <ClearChoiceButton
                label={t('images:clear_choice')}
                disabled={uploading}
                onClick={() => send({ type: 'CLEAR' })}
              />
            </div>
          )}
        </FileDropCard>
      </FormGroup>
      {hasImages && (
        <Checkbox
          checked={asDefault}
          disabled={busy}
          label={t('images:make_default')}
          onChange={(e) => send({ type: 'SET_DEFAULT', on: e.currentTarget.checked })}
        />
      )}
      {uploading && (
        <UploadProgress
          percent={percent}
          label={percent < 100 ? t('images:uploading', { percent }) : t('images:saving')}
          style={{ marginBottom: 8 }}
        />
      )}
      <SubmitProblemCallout message={problem} icon="error" style={{ marginBottom: 8 }} />
      <Button
        intent={Intent.PRIMARY}
        icon="upload"
        text={t('images:upload')}
        disabled={chosen === null || preparing}
        loading={uploading}
        onClick={() => send({ type: 'UPLOAD' })}
      />
    </div>
  );
}
