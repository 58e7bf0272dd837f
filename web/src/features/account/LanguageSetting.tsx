import { HTMLSelect, Intent, Spinner } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_CODES, LANGUAGE_NATIVE_NAMES } from '../../../../contract/configuration';
import { showToast } from '../../components/showToast';
import { changeLanguage, resolveLanguage } from '../../lib/i18n';
import { saveOwnLanguage } from './api/accountDetail';
import { userKeys } from './api/accountKeys';

/**
 * The own language on the account page: a setting, saved as soon as it is chosen and shown at once, whatever the
 * rest of the profile still lacks. A failure is the global handler's to tell; the choice then shows the saved one.
 */
export function LanguageSetting({ languageId }: { languageId: number | null }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveOwnLanguage,
    onSuccess: async (detail) => {
      queryClient.setQueryData(userKeys.detail(detail.userId), detail);
      const code = detail.languageId ? LANGUAGE_CODES[detail.languageId - 1] : undefined;
      if (code) await changeLanguage(resolveLanguage(code));
      showToast(i18n.t('my_account_language_saved'), Intent.SUCCESS);
    },
  });
  const chosen = save.isPending ? save.variables : languageId;
  return (
    <span className="account-language">
      <HTMLSelect
        aria-label={t('my_account_language')}
        value={chosen ? String(chosen) : ''}
        disabled={save.isPending}
        onChange={(e) => save.mutate(Number(e.currentTarget.value))}
      >
        {!chosen && (
          <option value="" disabled>
            {t('my_account_choose')}
          </option>
        )}
        {LANGUAGE_CODES.map((code, index) => (
          <option key={code} value={index + 1} lang={code}>
            {LANGUAGE_NATIVE_NAMES[code]}
          </option>
        ))}
      </HTMLSelect>
      {save.isPending && <Spinner size={16} aria-label={t('loading')} />}
    </span>
  );
}
