import { useTranslation } from 'react-i18next';
import type { FieldError } from './equipmentDraft';

/** The translated message of a field error (the message keys of the contract's schemas, spec 2 section 5). */
export function useErrorMessage() {
  const { t } = useTranslation();
  return (error: FieldError): string => {
    switch (error.key) {
      case 'required_field':
        return t('required_field');
      case 'lblEmailsWarning':
        return t('equipmentForm:lblEmailsWarning');
      case 'phone':
        return t('equipmentForm:invalid_phone');
      case 'enter_contract_number':
        return t('equipmentForm:enter_contract_number');
      case 'calendar_end_grater':
        return t('equipmentForm:calendar_end_grater');
      case 'date':
        return t('equipmentForm:invalid_date');
      case 'max_length':
        return t('equipmentForm:max_length', { max: error.max });
      default:
        return t('invalid_value');
    }
  };
}
