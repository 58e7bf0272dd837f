import { useEffect } from 'react';
import { Intent } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { THEMES } from '../../../../contract/limits';
import { PreferenceKeys } from '../../../../contract/preferences';
import { client, resultOf } from '../../lib/api';
import { preferenceKeys } from '../../lib/preferenceKeys';
import { getToaster } from '../../components/toaster';

export type Theme = (typeof THEMES)[number];

const parseTheme = (value: string | undefined): Theme => {
  try {
    const pageTheme = (JSON.parse(value ?? '{}') as { pageTheme?: string }).pageTheme;
    return THEMES.find((t) => t === pageTheme) ?? 'default';
  } catch {
    return 'default';
  }
};

export const applyTheme = (theme: Theme) => {
  document.documentElement.dataset.portalTheme = theme;
};

/** The user's theme (spec 1 section 1): a preference whose value holds pageTheme, so it follows the user anywhere. */
export function useThemePreference() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: preferenceKeys.theme(),
    queryFn: async () => {
      const items = await resultOf(
        client.preferences.list({ query: { keys: PreferenceKeys.theme, includedDetail: true } }),
      );
      const own = items.find((p) => p.preferenceKey === PreferenceKeys.theme && p.userId !== null);
      return { preferenceId: own?.preferenceId ?? null, theme: parseTheme(own?.value) };
    },
  });
  const theme = query.data?.theme ?? 'default';
  useEffect(() => applyTheme(theme), [theme]);

  const save = useMutation({
    mutationFn: async (next: Theme) => {
      const value = JSON.stringify({ pageTheme: next });
      const existing = query.data?.preferenceId;
      if (existing && existing > 0) {
        await resultOf(
          client.preferences.update({
            body: { preferenceId: existing, name: 'theme', isDefault: false, value, category: 'setting' },
          }),
        );
      } else {
        await resultOf(
          client.preferences.create({
            body: {
              preferenceKey: PreferenceKeys.theme,
              name: 'theme',
              isDefault: false,
              value,
              category: 'setting',
              shareScope: 'private',
              publicPreferenceId: null,
            },
          }),
        );
      }
      return next;
    },
    onSuccess: (next) => {
      applyTheme(next);
      void queryClient.invalidateQueries({ queryKey: preferenceKeys.theme() });
      void getToaster().then((toaster) =>
        toaster.show({ message: t('theme_changed'), intent: Intent.SUCCESS, icon: 'tick' }),
      );
    },
  });
  return { theme, setTheme: (next: Theme) => save.mutate(next), saving: save.isPending };
}
