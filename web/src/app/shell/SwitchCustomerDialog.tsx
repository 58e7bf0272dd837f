import { useState } from 'react';
import { Button, DialogBody, H6, InputGroup, Menu, MenuItem, Spinner } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSettled } from '../../components/useSettled';
import { switchCustomer, useCustomerHistory, useCustomerSearch } from './api/customers';
import { announce } from '../../lib/crossTab';
import { useCurrentSession } from '../../lib/currentUser';
import { setUserCustomerId } from '../../lib/requestLayer';
import { SectionNonIdealState } from '../../components/PageNonIdealState';
import { PortalDialog } from '../../components/dialog/PortalDialog';

const SEARCH_DEBOUNCE_MS = 250; // chosen: not in spec

/** PE users switch the customer they work for (spec 1 sections 4 and 7): search, recent history, then a reload. */
export function SwitchCustomerDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { user, base } = useCurrentSession();
  const location = useLocation();
  const [keyword, setKeyword] = useState('');
  const search = useSettled(keyword.trim(), SEARCH_DEBOUNCE_MS);
  const customers = useCustomerSearch(search, isOpen);
  const history = useCustomerHistory(isOpen);
  const switchTo = useMutation({
    mutationFn: (customerId: number) =>
      switchCustomer(customerId).then(() => {
        // From now on this tab's calls are for the new customer (the server answers 1041 to the old one).
        setUserCustomerId(customerId);
        return customerId;
      }),
    onSuccess: (customerId) => {
      announce({ type: 'customerChanged', customerId });
      // On an equipment detail page the record belongs to the old customer: go to the product list first.
      if (/\/product\/equipmentDetail\//i.test(location.pathname)) window.location.assign(`${base}/product`);
      else window.location.reload();
    },
  });
  const current = user.userLocation.customerId;
  const item = (c: { id: number; name: string; customerIdentifier: string }) => (
    <MenuItem
      key={c.id}
      text={c.name}
      label={c.customerIdentifier}
      icon={c.id === current ? 'tick' : 'office'}
      disabled={switchTo.isPending}
      onClick={() => (c.id === current ? onClose() : switchTo.mutate(c.id))}
    />
  );
  return (
    <PortalDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('switch_customer')}
      icon="swap-horizontal"
      style={{ width: 500 }}
    >
      <DialogBody>
        <InputGroup
          leftIcon="search"
          placeholder={t('switch_customer_search')}
          aria-label={t('switch_customer_search')}
          value={keyword}
          onValueChange={setKeyword}
          autoFocus
          rightElement={switchTo.isPending ? <Spinner size={16} /> : undefined}
        />
        {!search && (history.data?.length ?? 0) > 0 && (
          <>
            <H6 style={{ marginTop: 12 }}>{t('switch_customer_recent')}</H6>
            <Menu aria-label={t('switch_customer_recent')}>{history.data!.map((h) => item(h.location.customer))}</Menu>
          </>
        )}
        <H6 style={{ marginTop: 12 }}>{t('switch_customer_all')}</H6>
        {customers.isLoading ? (
          <Spinner size={24} />
        ) : (customers.data?.length ?? 0) === 0 ? (
          <SectionNonIdealState level={3} icon="search" title={t('switch_customer_none')} />
        ) : (
          <Menu aria-label={t('switch_customer_all')} style={{ maxHeight: 300, overflow: 'auto' }}>
            {customers.data!.map(item)}
          </Menu>
        )}
        <Button style={{ marginTop: 12 }} text={t('cancel')} onClick={onClose} />
      </DialogBody>
    </PortalDialog>
  );
}
