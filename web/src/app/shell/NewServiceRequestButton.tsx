import { lazy, Suspense, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

const ServiceRequestDialog = lazy(() =>
  import('../../components/serviceRequest/ServiceRequestDialog').then((m) => ({
    default: m.ServiceRequestDialog,
  })),
);

/**
 * The header's new-service-request button (spec 1 section 2): the request modal without a chosen instrument, its
 * script loaded when first opened. On a phone only its icon shows.
 */
export function NewServiceRequestButton({ iconOnly = false }: { iconOnly?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="minimal"
        icon="build"
        data-tour="new-service-request"
        text={iconOnly ? undefined : t('serviceRequest:new_service_request')}
        aria-label={iconOnly ? t('serviceRequest:new_service_request') : undefined}
        onClick={() => setOpen(true)}
      />
      {open && (
        <Suspense fallback={null}>
          <ServiceRequestDialog isOpen equipment={null} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
