import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FilterOperator, type FilterSetting } from '../../../../contract/listQuery';

const FIELD = 'statusCode';

/**
 * Narrows the user list to activated or not yet activated users: the list's filter on the activation column (the
 * server's list query), the same one that column's filter sets.
 */
export function ActivationFilter({
  filters,
  onChange,
}: {
  filters: FilterSetting[];
  onChange(filter: FilterSetting | null): void;
}) {
  const { t } = useTranslation();
  const current = filters.find((f) => f.field === FIELD);
  const value = current?.operator === FilterOperator.In && current.value.length === 1 ? current.value[0]! : '';
  return (
    <HTMLSelect
      aria-label={t('users:field_statusCode')}
      value={value}
      onChange={(e) => {
        const chosen = e.currentTarget.value;
        onChange(chosen === '' ? null : { field: FIELD, operator: FilterOperator.In, value: [chosen] });
      }}
    >
      <option value="">{t('users:activation_all')}</option>
      <option value="1">{t('users:status_1')}</option>
      <option value="0">{t('users:status_0')}</option>
    </HTMLSelect>
  );
}
