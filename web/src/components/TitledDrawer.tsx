import { Button, Classes, Drawer, H2, Icon, IconSize, type DrawerProps, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * A Drawer whose title is an h2, like a Dialog's: Blueprint's Drawer draws its title as an h4, which skips heading
 * levels after the page's h1.
 */
export function TitledDrawer({
  title,
  icon,
  onClose,
  children,
  ...props
}: Omit<DrawerProps, 'title' | 'icon'> & { title: string; icon: IconName }) {
  const { t } = useTranslation();
  return (
    <Drawer {...props} onClose={onClose}>
      <div className={Classes.DRAWER_HEADER}>
        <Icon icon={icon} size={IconSize.LARGE} />
        <H2 className="portal-heading-4">{title}</H2>
        <Button
          aria-label={t('close')}
          className={Classes.DIALOG_CLOSE_BUTTON}
          icon="small-cross"
          variant="minimal"
          onClick={onClose}
        />
      </div>
      {children}
    </Drawer>
  );
}
