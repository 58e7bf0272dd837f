import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../lib/currentUser';

/** The help menu: the help pages that exist for this user, under the mode's base. */
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
  if (items.length === 0) return null;
  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu aria-label={t('help_menu')}>
          {items.map((i) => (
            <MenuItem key={i.path} icon={i.icon} text={i.label} onClick={() => navigate(`${base}/${i.path}`)} />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" icon="help" aria-label={t('help_menu')} />
    </Popover>
  );
}
