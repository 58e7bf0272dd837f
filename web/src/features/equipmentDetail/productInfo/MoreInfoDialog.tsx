import { useState } from 'react';
import { HTMLSelect, Intent } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProductMarketInfo } from '../../../../../contract/equipment';
import type { RequestInstrument } from '../../../components/requestForm/requestForm';
import { REQUEST_FIELD_COLUMNS, RequestDialog } from '../../../components/requestForm/RequestDialog';
import {
  CommentsField,
  ContactMethodField,
  TextFields,
  useRequestForm,
} from '../../../components/requestForm/useRequestForm';
import { showToast } from '../../../components/showToast';
import { useSystemConfig } from '../../../components/config/api/systemConfig';
import { requestMarketInfo } from '../api/productInformation';
import { useCurrentSession } from '../../../lib/currentUser';
import { failureMessage } from '../../../lib/failureMessage';
import { handOverSessionErrors } from '../../../lib/sessionHandOver';
import {
  initialMoreInfo,
  isMoreInfoDirty,
  MORE_INFO_FIELDS,
  MORE_INFO_MAX,
  MORE_INFO_SEND_FAILURES,
  moreInfoRequestOf,
  validateMoreInfo,
  type MoreInfoDraft,
  type MoreInfoField,
} from './moreInfoForm';

const TEXT_FIELDS: ReadonlyArray<{
  field: 'firstName' | 'lastName' | 'emailAddress' | 'telephone' | 'companyName';
  type: string;
}> = [
  { field: 'firstName', type: 'text' },
  { field: 'lastName', type: 'text' },
  { field: 'emailAddress', type: 'email' },
  { field: 'telephone', type: 'tel' },
  { field: 'companyName', type: 'text' },
];

const LABELS: Record<MoreInfoField, string> = {
  firstName: 'feedback:first_name',
  lastName: 'feedback:last_name',
  emailAddress: 'feedback:email',
  telephone: 'feedback:telephone',
  companyName: 'feedback:company',
  countryId: 'contact_country',
  contactMethod: 'contractRequest:contact_method',
  comments: 'feedback:comments',
};

const REQUIRED: ReadonlySet<MoreInfoField> = new Set(['firstName', 'lastName', 'emailAddress', 'telephone']);

/**
 * Request more info about the instrument's product (spec 2 "Modals", sections 3 and 5): the requester's details
 * prefilled from the signed-in user, company, country, how to get in touch and comments, checked by the contract's
 * rules; the country's display name is attached before sending.
 */
export function MoreInfoDialog({
  equipment,
  product,
  onClose,
}: {
  equipment: RequestInstrument;
  product: ProductMarketInfo;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useCurrentSession();
  const [initial] = useState(() => initialMoreInfo(user));
  const [draft, setDraft] = useState<MoreInfoDraft>(initial);
  const config = useSystemConfig(i18n.language);
  const countries = config.data?.countries ?? [];

  const send = useMutation({
    mutationFn: requestMarketInfo,
    onSuccess: () => {
      showToast(t('productInfo:sent_toast'), Intent.SUCCESS);
      onClose();
    },
    onError: handOverSessionErrors,
  });
  const busy = send.isPending;
  const request = moreInfoRequestOf(
    draft,
    equipment.equipmentId,
    (id) => countries.find((c) => c.countryId === id)?.name,
  );
  const form = useRequestForm({
    fields: MORE_INFO_FIELDS,
    labels: LABELS,
    required: REQUIRED,
    found: validateMoreInfo(request),
  });
  const change = (patch: Partial<MoreInfoDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const productName = product.displayName ?? [product.brandName, product.modelName].filter(Boolean).join(' ');

  return (
    <RequestDialog
      title={t('productInfo:more_info_title')}
      icon="info-sign"
      intro={t('productInfo:more_info_intro')}
      subject={{
        id: form.idOf('subject'),
        label: t('productInfo:product'),
        value: `${productName} (${t('productInfo:part_number')} ${product.partNumber})`,
      }}
      problem={send.isError ? failureMessage(send.error, MORE_INFO_SEND_FAILURES) : null}
      busy={busy}
      dirty={isMoreInfoDirty(draft, initial)}
      onClose={onClose}
      onSubmit={form.submit(() => send.mutate(request), busy)}
    >
      <div style={REQUEST_FIELD_COLUMNS}>
        <TextFields
          form={form}
          fields={TEXT_FIELDS}
          values={draft}
          max={MORE_INFO_MAX}
          disabled={busy}
          onChange={(field, value) => change({ [field]: value })}
        />
        {form.group(
          'countryId',
          <HTMLSelect
            {...form.a11y('countryId')}
            fill
            disabled={busy || config.isPending}
            value={draft.countryId ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value;
              change({ countryId: value ? Number(value) : null });
            }}
          >
            <option value="">{t('contact_choose_country')}</option>
            {countries.map((c) => (
              <option key={c.countryId} value={c.countryId}>
                {c.name}
              </option>
            ))}
          </HTMLSelect>,
        )}
      </div>
      <ContactMethodField
        label={t(LABELS.contactMethod)}
        value={draft.contactMethod}
        disabled={busy}
        onChange={(contactMethod) => change({ contactMethod })}
      />
      <CommentsField
        form={form}
        field="comments"
        value={draft.comments}
        max={MORE_INFO_MAX.comments}
        disabled={busy}
        onChange={(comments) => change({ comments })}
      />
    </RequestDialog>
  );
}
