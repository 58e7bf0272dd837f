import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ServiceRequestDialog } from '../../features/inventory/serviceRequest/ServiceRequestDialog';

/** The header's new-service-request button (spec 1 section 2): the request modal without a chosen instrument. */
export function NewServiceRequestButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="minimal"
        icon="build"
        data-tour="new-service-request"
        text={t('serviceRequest:new_service_request')}
        onClick={() => setOpen(true)}
      />
      <ServiceRequestDialog isOpen={open} equipment={null} onClose={() => setOpen(false)} />
    </>
  );
}
