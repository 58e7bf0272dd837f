import { useId } from 'react';
import { Button, Classes, Dialog, H2, Icon, IconSize, type DialogProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useDialogMove } from './useDialogMove';
import './portalDialog.css';

/** A Blueprint dialog's props, less the outside click: no dialog of the portal closes on a click on the mask. */
export type PortalDialogProps = Omit<DialogProps, 'canOutsideClickClose'>;

/**
 * Every dialog of the portal (spec 1 section 9): a Blueprint dialog that a click on the mask never closes, moved by
 * dragging its header or by the arrow keys on the header's move handle. Escape and the close button call `onClose`
 * as before, so a dialog that asks before discarding keeps asking.
 */
export function PortalDialog({
  title,
  icon,
  isCloseButtonShown,
  titleTagName: TitleTag = H2,
  onClose,
  isOpen = false,
  style,
  children,
  ...rest
}: PortalDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { offset, headerProps, onMoveKeyDown } = useDialogMove(isOpen);
  const moved = offset.x !== 0 || offset.y !== 0;
  return (
    <Dialog
      {...rest}
      isOpen={isOpen}
      onClose={onClose}
      canOutsideClickClose={false}
      aria-labelledby={rest['aria-labelledby'] ?? (title != null ? titleId : undefined)}
      style={moved ? { ...style, transform: `translate(${offset.x}px, ${offset.y}px)` } : style}
    >
      {title != null && (
        <div className={`${Classes.DIALOG_HEADER} portal-dialog-header`} {...headerProps}>
          <Icon icon={icon} size={IconSize.STANDARD} aria-hidden tabIndex={-1} />
          <TitleTag id={titleId}>{title}</TitleTag>
          <Button
            data-dialog-move
            className="portal-dialog-move"
            variant="minimal"
            icon="drag-handle-horizontal"
            aria-label={t('dialog_move')}
            title={t('dialog_move_hint')}
            onKeyDown={onMoveKeyDown}
          />
          {isCloseButtonShown !== false && (
            <Button
              aria-label={t('close')}
              className={Classes.DIALOG_CLOSE_BUTTON}
              icon="small-cross"
              variant="minimal"
              onClick={onClose}
            />
          )}
        </div>
      )}
      {children}
    </Dialog>
  );
}
