import { cloneElement, type ReactElement } from 'react';
import { Callout, Intent, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../../lib/currentUser';

/** Whether the customer may add products (new product and import, spec 2 section 6). */
export function useProductAddingEnabled(): boolean {
  return useCurrentSession().user.userLocation.customer.customerPermission.isProductAddingEnabled;
}

/**
 * Wraps the new-product and import buttons (spec 2 section 2): when the customer may not add products, a click on the
 * button opens a popover that says so instead of the dialog. Pass the button with its usual onClick.
 */
export function ProductAddingGate({ children }: { children: ReactElement }) {
  const { t } = useTranslation();
  if (useProductAddingEnabled()) return children;
  return (
    <Popover
      content={
        <Callout intent={Intent.WARNING} icon="disable" style={{ maxWidth: 320 }}>
          {t('importProduct:adding_disabled')}
        </Callout>
      }
      placement="bottom"
    >
      {/* The popover takes the click instead of the button's own handler, so no dialog opens. */}
      {cloneElement(children as ReactElement<{ onClick?: unknown }>, { onClick: undefined })}
    </Popover>
  );
}
