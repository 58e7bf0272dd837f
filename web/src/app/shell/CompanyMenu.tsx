import { lazy, Suspense, useState } from 'react';
import { Button, Icon, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { contract } from '../../../../contract';
import { useMayCall } from '../../lib/access';
import { useCurrentSession } from '../../lib/currentUser';
import { CustomerLogo } from './CustomerLogo';
import { useOpenedOnce } from '../../components/useOpenedOnce';

const LogoUploadDialog = lazy(() => import('./LogoUploadDialog').then((m) => ({ default: m.LogoUploadDialog })));
const SwitchCustomerDialog = lazy(() =>
  import('./SwitchCustomerDialog').then((m) => ({ default: m.SwitchCustomerDialog })),
);

/**
 * The current-company dropdown (spec 1 sections 2 and 6): upload logo for admins (role 3) and PE users, switch
 * customer for PE users only; in admin mode neither, so only the name (and logo) is shown.
 */
export function CompanyMenu() {
  const { t } = useTranslation();
  const { user, adminMode } = useCurrentSession();
  const [switching, setSwitching] = useState(false);
  const [uploadingLogo, setUploadingLogo] = useState(false);
  const switchLoaded = useOpenedOnce(switching);
  const logoLoaded = useOpenedOnce(uploadingLogo);
  const name = user.userLocation.customer.name;
  const mayUploadLogo = useMayCall(contract.customers.updateLogo);
  const maySwitch = useMayCall(contract.customers.switchCustomer);
  if (adminMode || !mayUploadLogo) {
    return (
      <span aria-label={t('current_company')}>
        <CustomerLogo /> {name}
      </span>
    );
  }
  return (
    <>
      <Popover
        placement="bottom-start"
        content={
          <Menu aria-label={t('current_company')}>
            <MenuDivider title={name} />
            <MenuItem icon="media" text={t('upload_logo')} onClick={() => setUploadingLogo(true)} />
            {maySwitch && (
              <MenuItem icon="swap-horizontal" text={t('switch_customer')} onClick={() => setSwitching(true)} />
            )}
          </Menu>
        }
      >
        <Button
          variant="minimal"
          icon={<CustomerLogo fallback={<Icon icon="office" />} />}
          endIcon="caret-down"
          text={name}
          aria-label={`${t('current_company')}: ${name}`}
        />
      </Popover>
      <Suspense fallback={null}>
        {maySwitch && switchLoaded && <SwitchCustomerDialog isOpen={switching} onClose={() => setSwitching(false)} />}
        {logoLoaded && <LogoUploadDialog isOpen={uploadingLogo} onClose={() => setUploadingLogo(false)} />}
      </Suspense>
    </>
  );
}
