import { useId, useState } from 'react';
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PRODUCT_MARKET_INFO_MAX } from '../../../../contract/equipment';
import { EDITOR_HEIGHT } from '../../../../contract/limits';
import type { ProductMarketInfoRow } from '../../../../contract/productMarketInfo';
import { useDiscardConfirmation } from '../../components/confirm/useConfirmation';
import { RichTextEditor } from '../../components/richText/RichTextEditor';
import { getToaster } from '../../components/toaster';
import { useUnsavedData } from '../../lib/unsavedData';
import type { DescriptionField } from './CatalogueGrid';
import { useSaveDescriptions } from './api/saveDescriptions';
import { PortalDialog } from '../../components/dialog/PortalDialog';

/** The edit modal's width (spec 3 section 9: edit 1000, editor 500 high). */
const DIALOG_WIDTH = 1000;

export interface DescriptionEditorDialogProps {
  row: ProductMarketInfoRow;
  field: DescriptionField;
  onClose(): void;
}

/**
 * One description of a catalogue product in the rich-text editor (spec 3 "Import product info"): saved with the
 * other description as it is; closing with changes asks first. The server sanitises what it stores.
 */
export function DescriptionEditorDialog({ row, field, onClose }: DescriptionEditorDialogProps) {
  const { t } = useTranslation();
  const initial = row[field] ?? '';
  const [html, setHtml] = useState(initial);
  const save = useSaveDescriptions();
  const dirty = html !== initial;
  // Leaving the page with changes asks too (spec 1 section 2).
  useUnsavedData(dirty);
  const confirmation = useDiscardConfirmation({ dirty, busy: save.isPending, onClose });
  const tooLong = html.length > PRODUCT_MARKET_INFO_MAX[field];
  const title = t(`productCatalogue:edit_${field}`);
  const labelId = useId();
  const errorId = useId();

  const submit = () =>
    save.mutate(
      {
        partNumber: row.partNumber,
        descriptions: {
          shortDescription: row.shortDescription,
          longDescription: row.longDescription,
          [field]: html.trim() === '' ? null : html,
        },
      },
      {
        onSuccess: () => {
          void getToaster().then((toaster) =>
            toaster.show({ message: t('productCatalogue:saved'), intent: Intent.SUCCESS, icon: 'tick' }),
          );
          onClose();
        },
      },
    );

  return (
    <PortalDialog
      isOpen
      title={t('productCatalogue:edit_description_of', { description: title, partNumber: row.partNumber })}
      style={{ width: DIALOG_WIDTH, maxWidth: '95vw' }}
      onClose={confirmation.requestClose}
    >
      <DialogBody>
        <p id={labelId} className="bp6-text-muted">
          {t(`productCatalogue:column_${field}`)}
        </p>
        <RichTextEditor
          value={html}
          onChange={setHtml}
          labelledBy={labelId}
          describedBy={tooLong ? errorId : undefined}
          invalid={tooLong}
          height={EDITOR_HEIGHT}
        />
        {tooLong && (
          <p id={errorId} className="bp6-text-danger" role="alert">
            {t('productCatalogue:too_long', { max: PRODUCT_MARKET_INFO_MAX[field] })}
          </p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('productCatalogue:cancel')} onClick={confirmation.requestClose} />
            <Button
              intent={Intent.PRIMARY}
              text={t('productCatalogue:save')}
              loading={save.isPending}
              disabled={!dirty || tooLong}
              onClick={submit}
            />
          </>
        }
      />
      {confirmation.element}
    </PortalDialog>
  );
}
