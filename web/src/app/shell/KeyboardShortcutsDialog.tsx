import { DialogBody, KeyComboTag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PortalDialog } from '../../components/dialog/PortalDialog';

/** The keys of the grids (components/list/useGridKeyboard), each with what it does. */
const SHORTCUTS = [
  { keys: ['left', 'up', 'right', 'down'], what: 'shortcut_arrows' },
  { keys: ['enter'], what: 'shortcut_enter' },
  { keys: ['space'], what: 'shortcut_space' },
  { keys: ['esc'], what: 'shortcut_escape' },
  { keys: ['tab'], what: 'shortcut_tab' },
] as const;

export function KeyboardShortcutsDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <PortalDialog isOpen={isOpen} onClose={onClose} title={t('keyboard_shortcuts')} icon="key-command">
      <DialogBody>
        <h3>{t('keyboard_shortcuts_grids')}</h3>
        <dl className="keyboard-shortcuts">
          {SHORTCUTS.map(({ keys, what }) => (
            <div key={what}>
              <dt>
                {keys.map((key) => (
                  <KeyComboTag key={key} combo={key} minimal />
                ))}
              </dt>
              <dd>{t(what)}</dd>
            </div>
          ))}
        </dl>
      </DialogBody>
    </PortalDialog>
  );
}
