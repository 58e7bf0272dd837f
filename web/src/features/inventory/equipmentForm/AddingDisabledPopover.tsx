import { cloneElement, type ReactElement } from 'react';
import { Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../../lib/currentUser';

/** Whether the customer may add products by hand or by import (customerPermission.isProductAddingEnabled). */
export function useProductAddingEnabled(): boolean {
  return useCurrentSession().user.userLocation.customer.customerPermission.isProductAddingEnabled === true;
}

/**
 * Wraps the new-product and import buttons (spec 2 sections 2 and 6). When adding products is disabled for the
 * customer, the button no longer runs its action; clicking it (or pressing Enter on it) opens a popover that says
 * why. Otherwise the button is rendered unchanged.
 */
export function AddingDisabledPopover({ children }: { children: ReactElement<{ onClick?: unknown }> }) {
  const { t } = useTranslation();
  if (useProductAddingEnabled()) return children;
  return (
    <Popover
      placement="bottom"
      content={
        <div style={{ maxWidth: 320, padding: 12 }} role="status">
          <strong>{t('equipmentForm:adding_disabled_title')}</strong>
          <p style={{ margin: '6px 0 0' }}>{t('equipmentForm:adding_disabled_text')}</p>
        </div>
      }
    >
      {cloneElement(children, { onClick: undefined, 'aria-disabled': true } as Partial<typeof children.props>)}
    </Popover>
  );
}
