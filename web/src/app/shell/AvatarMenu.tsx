import { Button, Icon, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { THEMES } from '../../../../contract/limits';
import { OwnAvatar } from '../../features/account/ownAvatar';
import { maySwitchToAdmin, useCurrentSession } from '../../lib/currentUser';
import { useThemePreference } from './useThemePreference';

/** The avatar menu: theme picker, switch to admin or back to normal, sign out. On a phone only the avatar shows. */
export function AvatarMenu({ iconOnly = false }: { iconOnly?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, adminMode, base, pages } = useCurrentSession();
  const { theme, setTheme } = useThemePreference();
  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu aria-label={t('account_menu')}>
          <MenuDivider title={user.emailAddress} />
          {pages.includes('userManagement/myAccount') && (
            <MenuItem
              icon="person"
              text={t('my_account')}
              onClick={() => navigate(`${base}/userManagement/myAccount`)}
            />
          )}
          {pages.includes('userManagement/changePassword') && (
            <MenuItem
              icon="key"
              text={t('change_password')}
              onClick={() => navigate(`${base}/userManagement/changePassword`)}
            />
          )}
          <MenuItem icon="style" text={t('theme')}>
            {THEMES.map((th) => (
              <MenuItem
                key={th}
                role="menuitemradio"
                aria-checked={th === theme}
                icon={th === theme ? 'tick' : 'blank'}
                text={t(`theme_${th}`)}
                onClick={() => th !== theme && setTheme(th)}
              />
            ))}
          </MenuItem>
          {maySwitchToAdmin(user) &&
            (adminMode ? (
              <MenuItem
                icon="swap-horizontal"
                text={t('back_to_normal')}
                onClick={() => window.location.assign('/app/welcome')}
              />
            ) : (
              <MenuItem
                icon="key"
                text={t('switch_to_admin')}
                onClick={() => window.location.assign('/admin/welcome')}
              />
            ))}
          <MenuDivider />
          <MenuItem icon="log-out" text={t('sign_out')} onClick={() => navigate('/logout')} />
        </Menu>
      }
    >
      <Button
        variant="minimal"
        icon={<OwnAvatar size={20} variant="thumbnail" alt="" fallback={<Icon icon="user" />} />}
        endIcon={iconOnly ? undefined : 'caret-down'}
        text={iconOnly ? undefined : user.displayName}
        aria-label={`${t('account_menu')}: ${user.displayName}`}
      />
    </Popover>
  );
}
