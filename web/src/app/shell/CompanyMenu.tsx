import { useState } from 'react';
import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../lib/currentUser';
import { SwitchCustomerDialog } from './SwitchCustomerDialog';

/** The current-company dropdown: switch customer for PE users; hidden actions in admin mode (spec 1 section 6). */
export function CompanyMenu() {
  const { t } = useTranslation();
  const { user, adminMode } = useCurrentSession();
  const [switching, setSwitching] = useState(false);
  const name = user.userLocation.customer.name;
  if (adminMode || !user.isPEUser) return <span aria-label={t('current_company')}>{name}</span>;
  return (
    <>
      <Popover
        placement="bottom-start"
        content={
          <Menu aria-label={t('current_company')}>
            <MenuDivider title={name} />
            <MenuItem icon="swap-horizontal" text={t('switch_customer')} onClick={() => setSwitching(true)} />
          </Menu>
        }
      >
        <Button variant="minimal" icon="office" endIcon="caret-down" text={name} aria-label={t('current_company')} />
      </Popover>
      <SwitchCustomerDialog isOpen={switching} onClose={() => setSwitching(false)} />
    </>
  );
}
