import { useEffect, useState } from 'react';
import {
  Button,
  ButtonGroup,
  Callout,
  Card,
  Classes,
  DialogBody,
  DialogFooter,
  Icon,
  Intent,
  Spinner,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EquipmentImage, InstrumentImageData } from '../../../../contract/images';
import { IMAGE_STRIP_PAGE_SIZE } from '../../../../contract/limits';
import { getToaster } from '../toaster';
import { SectionNonIdealState } from '../PageNonIdealState';
import { ConfirmAlert } from '../confirm/ConfirmAlert';
import { setDefaultImage, updateImages } from './api/images';
import { failureMessage } from '../../lib/failureMessage';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { useUnsavedData } from '../../lib/unsavedData';
import { EquipmentThumbnail } from './EquipmentThumbnail';
import { IMAGE_FAILURES } from './imageUpload';
import { ImageUploadPanel } from './ImageUploadPanel';
import { useSignedUrl } from './signedUrls';
import { PortalDialog } from '../dialog/PortalDialog';

/** Width of the image viewer (spec 2 section 9: modal widths 1000 and 750). */
const IMAGE_DIALOG_WIDTH = 750;
/** Height of the large preview of the chosen image. Chosen: not in spec. */
const PREVIEW_HEIGHT = 320;
/** Edge of a thumbnail button in the strip. */
const STRIP_THUMBNAIL_SIZE = 72;

export interface ImageViewerDialogProps {
  isOpen: boolean;
  equipmentId: number;
  /** The equipment as the user knows it (e.g. make - model - serial); shown in the dialog title. */
  title: string;
  imageData: InstrumentImageData | null;
  /** The product catalogue's picture of the model (productMarketInfo.largeImageUrl), if any. */
  officialImageUrl: string | null;
  onClose(): void;
  /** Called with the equipment's image data after every saved change; null once its last image is deleted. */
  onChanged(data: InstrumentImageData | null): void;
}

type TabId = 'upload' | 'images' | 'official';

/**
 * The image viewer of an equipment (spec 2 sections 2, 4, 5, 7): upload an image (its 100 px thumbnail is made in
 * the browser, both go to storage through signed URLs, then PUT Equipment/{id}/image registers them), browse the
 * images five at a time, make one the default, delete one; and the official image of the product catalogue.
 */
export function ImageViewerDialog(props: ImageViewerDialogProps) {
  const { isOpen, onClose, title } = props;
  const { t } = useTranslation();
  const [unsaved, setUnsaved] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  useUnsavedData(isOpen && unsaved);

  const requestClose = () => (unsaved ? setConfirmingClose(true) : onClose());

  return (
    <>
      <PortalDialog
        isOpen={isOpen}
        onClose={requestClose}
        title={t('images:dialog_title', { title })}
        icon="media"
        style={{ width: IMAGE_DIALOG_WIDTH }}
      >
        {/* Mounted only while open, so every opening starts from the equipment's current images. */}
        {isOpen && <ImageViewer {...props} onUnsavedChange={setUnsaved} onRequestClose={requestClose} />}
      </PortalDialog>
      <ConfirmAlert
        isOpen={confirmingClose}
        intent={Intent.WARNING}
        icon="warning-sign"
        message={t('images:unsaved_confirm')}
        confirmText={t('images:discard')}
        cancelText={t('images:keep_editing')}
        escapeCancels
        onConfirm={() => {
          setConfirmingClose(false);
          setUnsaved(false);
          onClose();
        }}
        onCancel={() => setConfirmingClose(false)}
      />
    </>
  );
}

interface ImageViewerProps extends ImageViewerDialogProps {
  onUnsavedChange(unsaved: boolean): void;
  onRequestClose(): void;
}

const toast = (message: string) =>
  void getToaster().then((toaster) => toaster.show({ message, intent: Intent.SUCCESS, icon: 'tick' }));

const pageOf = (index: number) => Math.max(0, Math.floor(index / IMAGE_STRIP_PAGE_SIZE));

function ImageViewer({
  equipmentId,
  title,
  imageData,
  officialImageUrl,
  onChanged,
  onUnsavedChange,
  onRequestClose,
}: ImageViewerProps) {
  const { t } = useTranslation();
  const [data, setData] = useState<InstrumentImageData | null>(imageData);
  const images = data?.images ?? [];
  const [tab, setTab] = useState<TabId>(images.length > 0 ? 'images' : 'upload');
  const [selectedId, setSelectedId] = useState<number | null>(
    data?.defaultImage?.resourceId ?? images[0]?.resourceId ?? null,
  );
  const [page, setPage] = useState(() => pageOf(images.findIndex((i) => i.resourceId === selectedId)));
  const [toDelete, setToDelete] = useState<EquipmentImage | null>(null);
  // A choice not uploaded is gone once the viewer closes, so nothing is unsaved any more.
  useEffect(() => () => onUnsavedChange(false), [onUnsavedChange]);

  const select = (list: EquipmentImage[], id: number | null) => {
    setSelectedId(id);
    setPage(pageOf(list.findIndex((i) => i.resourceId === id)));
  };

  /** The server's answer is the equipment's image data now: show it and tell the page. */
  const applyResult = (result: InstrumentImageData | null, selectId?: number) => {
    setData(result);
    onChanged(result);
    const list = result?.images ?? [];
    const keep = list.some((i) => i.resourceId === (selectId ?? selectedId)) ? (selectId ?? selectedId) : null;
    select(list, keep ?? result?.defaultImage?.resourceId ?? list[0]?.resourceId ?? null);
  };

  const makeDefault = useMutation({
    mutationFn: (image: EquipmentImage) => setDefaultImage(equipmentId, image.resourceId),
    onSuccess: (result) => {
      applyResult(result);
      toast(t('images:default_set'));
    },
    onError: handOverSessionErrors,
  });

  const remove = useMutation({
    mutationFn: (image: EquipmentImage) => updateImages(equipmentId, { addList: [], deleteList: [image.resourceId] }),
    onSuccess: (result) => {
      setToDelete(null);
      applyResult(result);
      toast(t('images:deleted'));
    },
    onError: (e) => {
      setToDelete(null);
      handOverSessionErrors(e);
    },
  });

  const uploaded = (result: InstrumentImageData | null, known: number[]) => {
    const added = result?.images.find((i) => !known.includes(i.resourceId));
    applyResult(result, added?.resourceId);
    setTab('images');
    toast(t('images:uploaded'));
  };

  const selected = images.find((i) => i.resourceId === selectedId) ?? null;
  const failure = makeDefault.isError
    ? failureMessage(makeDefault.error, IMAGE_FAILURES)
    : remove.isError
      ? failureMessage(remove.error, IMAGE_FAILURES)
      : null;
  const resetFailures = () => {
    makeDefault.reset();
    remove.reset();
  };

  return (
    <>
      <DialogBody>
        <Tabs
          id={`equipment-images-${equipmentId}`}
          selectedTabId={tab}
          onChange={(next) => {
            resetFailures();
            setTab(next as TabId);
          }}
        >
          <Tab
            id="upload"
            title={t('images:tab_upload')}
            panel={
              <ImageUploadPanel
                equipmentId={equipmentId}
                hasImages={images.length > 0}
                onUnsavedChange={onUnsavedChange}
                onUploaded={(result) =>
                  uploaded(
                    result,
                    images.map((i) => i.resourceId),
                  )
                }
              />
            }
          />
          <Tab
            id="images"
            title={t('images:tab_images')}
            tagContent={images.length}
            panel={
              images.length === 0 ? (
                <SectionNonIdealState
                  level={3}
                  icon="media"
                  title={t('images:no_images_title')}
                  description={t('images:no_images_body')}
                  action={<Button icon="upload" text={t('images:go_upload')} onClick={() => setTab('upload')} />}
                />
              ) : (
                <div>
                  <LargeImage image={selected} />
                  {selected && (
                    <div style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '8px 0' }}>
                      <span style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{selected.fileName}</span>
                      {selected.resourceId === data?.defaultImage?.resourceId ? (
                        <Tag intent={Intent.SUCCESS} icon="star">
                          {t('images:default_tag')}
                        </Tag>
                      ) : (
                        <Button
                          icon="star-empty"
                          text={t('images:set_default')}
                          loading={makeDefault.isPending}
                          disabled={remove.isPending}
                          onClick={() => {
                            resetFailures();
                            makeDefault.mutate(selected);
                          }}
                        />
                      )}
                      <Button
                        icon="trash"
                        intent={Intent.DANGER}
                        variant="outlined"
                        text={t('images:delete')}
                        disabled={makeDefault.isPending || remove.isPending}
                        onClick={() => {
                          resetFailures();
                          setToDelete(selected);
                        }}
                      />
                    </div>
                  )}
                  <ImageStrip
                    images={images}
                    defaultId={data?.defaultImage?.resourceId ?? null}
                    selectedId={selectedId}
                    page={page}
                    onPage={setPage}
                    onSelect={(id) => setSelectedId(id)}
                  />
                </div>
              )
            }
          />
          <Tab
            id="official"
            title={t('images:tab_official')}
            panel={<OfficialImage url={officialImageUrl} title={title} />}
          />
        </Tabs>
        {failure && (
          <Callout intent={Intent.DANGER} role="alert" icon="error" style={{ marginTop: 12 }}>
            {t(failure.key, failure.values)}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('images:close')} onClick={onRequestClose} />} />
      <ConfirmAlert
        isOpen={toDelete !== null}
        busy={remove.isPending}
        icon="trash"
        message={t('images:delete_confirm', { fileName: toDelete?.fileName ?? '' })}
        confirmText={t('images:delete')}
        escapeCancels
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}

/** The full image of the selected thumbnail, through its signed URL. */
function LargeImage({ image }: { image: EquipmentImage | null }) {
  const { t } = useTranslation();
  const url = useSignedUrl(image?.imageIdentifier ?? null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const frame: React.CSSProperties = {
    height: PREVIEW_HEIGHT,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  };
  if (!image) return null;
  if (url === 'failed' || (url !== null && url === brokenUrl)) {
    return (
      <div style={frame}>
        <SectionNonIdealState level={3} icon="error" title={t('images:image_unavailable')} />
      </div>
    );
  }
  return (
    <Card compact style={frame}>
      {url === null ? (
        <Spinner aria-label={t('images:image_loading')} />
      ) : (
        <img
          src={url}
          alt={image.fileName}
          style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          onError={() => setBrokenUrl(url)}
        />
      )}
    </Card>
  );
}

interface ImageStripProps {
  images: EquipmentImage[];
  defaultId: number | null;
  selectedId: number | null;
  page: number;
  onPage(page: number): void;
  onSelect(id: number): void;
}

/** The thumbnail strip (spec 2 sections 2 and 9): five thumbnails per page, with previous and next page. */
function ImageStrip({ images, defaultId, selectedId, page, onPage, onSelect }: ImageStripProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(images.length / IMAGE_STRIP_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = images.slice(current * IMAGE_STRIP_PAGE_SIZE, (current + 1) * IMAGE_STRIP_PAGE_SIZE);
  return (
    <div role="group" aria-label={t('images:strip_label')} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <Button
        icon="chevron-left"
        variant="minimal"
        aria-label={t('images:previous_page')}
        title={t('images:previous_page')}
        disabled={current === 0}
        onClick={() => onPage(current - 1)}
      />
      <ButtonGroup style={{ flex: 1, justifyContent: 'center', gap: 8 }}>
        {shown.map((image) => {
          const isDefault = image.resourceId === defaultId;
          const label = isDefault
            ? t('images:show_default_image', { fileName: image.fileName })
            : t('images:show_image', { fileName: image.fileName });
          return (
            <Button
              key={image.resourceId}
              variant={image.resourceId === selectedId ? 'outlined' : 'minimal'}
              intent={image.resourceId === selectedId ? Intent.PRIMARY : Intent.NONE}
              aria-pressed={image.resourceId === selectedId}
              aria-label={label}
              title={label}
              onClick={() => onSelect(image.resourceId)}
              style={{ width: STRIP_THUMBNAIL_SIZE, height: STRIP_THUMBNAIL_SIZE, padding: 4, position: 'relative' }}
            >
              <EquipmentThumbnail image={image} alt={image.fileName} />
              {isDefault && (
                <Icon
                  icon="star"
                  intent={Intent.SUCCESS}
                  size={12}
                  style={{ position: 'absolute', top: 2, right: 2 }}
                />
              )}
            </Button>
          );
        })}
      </ButtonGroup>
      <span className={Classes.TEXT_MUTED} aria-live="polite">
        {t('images:page_of', { page: current + 1, pages })}
      </span>
      <Button
        icon="chevron-right"
        variant="minimal"
        aria-label={t('images:next_page')}
        title={t('images:next_page')}
        disabled={current >= pages - 1}
        onClick={() => onPage(current + 1)}
      />
    </div>
  );
}

/** The product catalogue's picture of the model, or an empty state. */
function OfficialImage({ url, title }: { url: string | null; title: string }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  if (!url || broken) {
    return (
      <SectionNonIdealState
        level={3}
        icon="media"
        title={t('images:no_official_title')}
        description={broken ? t('images:image_unavailable') : t('images:no_official_body')}
      />
    );
  }
  return (
    <Card compact style={{ height: PREVIEW_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <img
        src={url}
        alt={t('images:official_alt', { title })}
        referrerPolicy="no-referrer"
        style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        onError={() => setBroken(true)}
      />
    </Card>
  );
}
