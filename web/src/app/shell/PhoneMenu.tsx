import { useEffect, useId, useRef, useState } from 'react';
import { Button, Classes, Drawer, H2, Icon, IconSize, Position } from '@blueprintjs/core';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PortalPage } from '../portalPages';
import { CompanyMenu } from './CompanyMenu';
import { DownloadAppPopover } from './DownloadAppPopover';
import { MainMenuItems } from './MainMenu';

/**
 * The main menu on a phone: a button in the header opens it as a drawer from the left, with the current company and
 * the app download that have no room in the header. Focus moves to the current page's entry and back to the button
 * when the drawer closes (Escape, its close button, the mask, or choosing a page).
 */
export function PhoneMenu({ pages, base }: { pages: readonly PortalPage[]; base: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const titleId = useId();
  const location = useLocation();
  useEffect(() => setOpen(false), [location.key]);
  const nav = useRef<HTMLElement>(null);
  const focusCurrentEntry = () => {
    const entries = nav.current?.querySelectorAll<HTMLElement>('[role=menuitem]');
    const current = nav.current?.querySelector<HTMLElement>('[aria-current=page]');
    (current ?? entries?.[0])?.focus();
  };
  return (
    <>
      <Button
        variant="minimal"
        icon="menu"
        aria-label={t('main_menu')}
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        className="portal-phone-menu-button"
        data-tour="main-menu"
        onClick={() => setOpen(!open)}
      />
      <Drawer
        isOpen={open}
        onClose={() => setOpen(false)}
        onOpened={focusCurrentEntry}
        position={Position.LEFT}
        size="min(85vw, 320px)"
        className="portal-phone-menu"
      >
        <div role="dialog" aria-modal aria-labelledby={titleId} className="portal-phone-menu-frame">
          <div className={Classes.DRAWER_HEADER}>
            <Icon icon="menu" size={IconSize.LARGE} />
            <H2 id={titleId} className="portal-heading-4">
              {t('main_menu')}
            </H2>
            <Button
              aria-label={t('close')}
              className={Classes.DIALOG_CLOSE_BUTTON}
              icon="small-cross"
              variant="minimal"
              onClick={() => setOpen(false)}
            />
          </div>
          <div className={Classes.DRAWER_BODY}>
            <div className="portal-phone-menu-company">
              <CompanyMenu />
            </div>
            <nav ref={nav} id={drawerId} aria-label={t('main_menu')} className="portal-main-menu">
              <MainMenuItems pages={pages} base={base} />
            </nav>
          </div>
          <div className={Classes.DRAWER_FOOTER}>
            <DownloadAppPopover />
          </div>
        </div>
      </Drawer>
    </>
  );
}
