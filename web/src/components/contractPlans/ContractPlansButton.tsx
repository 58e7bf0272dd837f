import { useState } from 'react';
import { Button, type ButtonProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ContractPlansDialog } from './ContractPlansDialog';

/** "Compare contract plans": opens the plan comparison. Takes a Button's look and layout props. */
export function ContractPlansButton(props: Omit<ButtonProps, 'onClick' | 'text'>) {
  const { t } = useTranslation('contractPlans');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon="comparison" {...props} text={t('contractPlans:open_button')} onClick={() => setOpen(true)} />
      <ContractPlansDialog isOpen={open} onClose={() => setOpen(false)} />
    </>
  );
}
