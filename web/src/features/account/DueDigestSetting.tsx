import { Button, Callout, Card, Classes, H2, Intent, Spinner, SpinnerSize, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/showToast';
import { useDueDigestSetting, useSaveDueDigestSetting } from './api/dueDigest';

/**
 * The own account's choice about the weekly digest mail of due work, saved as soon as it is switched. A failure to
 * save is the global handler's to tell; the switch then shows the saved choice again.
 */
export function DueDigestSetting() {
  const { t, i18n } = useTranslation();
  const setting = useDueDigestSetting();
  const save = useSaveDueDigestSetting((on) =>
    showToast(i18n.t(on ? 'dueDates:digest_saved_on' : 'dueDates:digest_saved_off'), Intent.SUCCESS),
  );
  let body;
  if (setting.isPending) body = <Spinner size={SpinnerSize.SMALL} aria-label={t('dueDates:loading')} />;
  else if (setting.isError)
    body = (
      <Callout intent={Intent.DANGER} title={t('dueDates:digest_load_failed')}>
        <Button text={t('dueDates:retry')} icon="refresh" onClick={() => void setting.refetch()} />
      </Callout>
    );
  else {
    const on = save.isPending ? save.variables : setting.data.weeklyDigest;
    body = (
      <Switch
        role="switch"
        checked={on}
        disabled={save.isPending}
        label={t('dueDates:digest_on')}
        aria-describedby="due-digest-help"
        onChange={(e) => save.mutate(e.currentTarget.checked)}
      />
    );
  }
  return (
    <section aria-labelledby="due-digest-title">
      <H2 id="due-digest-title" className="portal-heading-4" style={{ marginTop: 24 }}>
        {t('dueDates:digest_title')}
      </H2>
      <Card>
        <p id="due-digest-help" className={Classes.TEXT_MUTED}>
          {t('dueDates:digest_help')}
        </p>
        {body}
      </Card>
    </section>
  );
}
