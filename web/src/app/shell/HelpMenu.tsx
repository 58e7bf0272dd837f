import { useRef, useState } from 'react';
import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../lib/currentUser';
import { usePageTour } from '../../components/tours';
import { KeyboardShortcutsDialog } from './KeyboardShortcutsDialog';

/**
 * The help menu: the tour of the page shown (where it has one), the help pages under the mode's base, and the
 * keyboard shortcuts.
 */
export function HelpMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { base, pages } = useCurrentSession();
  const items = [
    { path: 'FAQ', icon: 'help' as const, label: t('help_faq') },
    { path: 'helpTutorials', icon: 'video' as const, label: t('help_tutorials') },
    { path: 'releaseNote', icon: 'history' as const, label: t('help_release_notes') },
    { path: 'feedback', icon: 'comment' as const, label: t('help_feedback') },
  ].filter((i) => pages.includes(i.path));
  const pageTour = usePageTour();
  const button = useRef<HTMLButtonElement>(null);
  /** The tour starts once the menu has closed, so the menu does not take the focus back from it. */
  const tourAsked = useRef(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  return (
    <>
      <Popover
        placement="bottom-end"
        onClosed={() => {
          if (!tourAsked.current) return;
          tourAsked.current = false;
          pageTour.start(button.current);
        }}
        content={
          <Menu aria-label={t('help_menu')}>
            {pageTour.tour !== null && (
              <>
                <MenuItem icon="map" text={t('tours:take_tour')} onClick={() => (tourAsked.current = true)} />
                {items.length > 0 && <MenuDivider />}
              </>
            )}
            {items.map((i) => (
              <MenuItem key={i.path} icon={i.icon} text={i.label} onClick={() => navigate(`${base}/${i.path}`)} />
            ))}
            {(items.length > 0 || pageTour.tour !== null) && <MenuDivider />}
            <MenuItem icon="key-command" text={t('keyboard_shortcuts')} onClick={() => setShortcutsOpen(true)} />
          </Menu>
        }
      >
        <Button ref={button} variant="minimal" icon="help" aria-label={t('help_menu')} data-tour="help-menu" />
      </Popover>
      <KeyboardShortcutsDialog isOpen={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </>
  );
}
