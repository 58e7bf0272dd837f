import { useEffect, useState, type FormEvent } from 'react';
import { Button, Callout, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Country } from '../../../../contract/configuration';
import { ROUTING_EMAILS_MAX, type CountryRegions } from '../../../../contract/countryEmailRouting';
import { FieldGroup, problemIdOf } from '../../components/FieldGroup';
import { showToast } from '../../components/showToast';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { failureMessage } from '../../lib/failureMessage';
import { emailRoutingKeys, saveRegionRouting, useRegionRouting } from './api/emailRouting';
import { SELECT_STYLE } from './CountryRoutingTab';
import { cleanEmails, EMAILS_WARNING, emailsValid } from './routingForm';
import { CountedInput } from '../../components/inputs/LengthCounter';

/**
 * The region tab: a country, one of its regions and the addresses of that region's new service requests. Save needs
 * a region; changing the country clears the region and its e-mails.
 */
export function RegionRoutingTab({ countries, onDirty }: { countries: Country[]; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [countryId, setCountryId] = useState<number | null>(null);
  const [regionId, setRegionId] = useState<number | null>(null);
  const [emails, setEmails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const regions = useRegionRouting(countryId);
  const list = regions.data?.regions ?? [];
  const region = list.find((r) => r.regionId === regionId);
  const changed = region !== undefined && emails !== region.adminEmails;
  useEffect(() => onDirty(changed), [changed, onDirty]);

  const save = useMutation({
    mutationFn: (body: { regionId: number; adminEmails: string }) => saveRegionRouting(countryId!, body),
    onSuccess: (saved) => {
      queryClient.setQueryData<CountryRegions>(emailRoutingKeys.regions(countryId), (old) =>
        old ? { ...old, regions: old.regions.map((r) => (r.regionId === saved.regionId ? saved : r)) } : old,
      );
      setEmails(saved.adminEmails);
      showToast(t('emailRouting:saved'), Intent.SUCCESS);
    },
    onError: (e) => {
      handOverSessionErrors(e);
      const found = failureMessage(e, {
        failed: { key: 'emailRouting:save_failed' },
        refused: { key: EMAILS_WARNING },
      });
      if (found) showToast(t(found.key, found.values), Intent.DANGER, 'error');
    },
  });

  const chooseCountry = (next: number | null) => {
    setCountryId(next);
    setRegionId(null);
    setEmails('');
    setProblem(null);
    save.reset();
  };
  const chooseRegion = (next: number | null) => {
    setRegionId(next);
    setEmails(list.find((r) => r.regionId === next)?.adminEmails ?? '');
    setProblem(null);
  };
  const edit = (value: string) => {
    setEmails(value);
    setProblem(emailsValid(value) ? null : EMAILS_WARNING);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (regionId === null || save.isPending) return;
    if (!emailsValid(emails)) {
      setProblem(EMAILS_WARNING);
      showToast(t(EMAILS_WARNING), Intent.DANGER, 'error');
      return;
    }
    save.mutate({ regionId, adminEmails: cleanEmails(emails) });
  };

  const noRegions = regions.isSuccess && list.length === 0;
  return (
    <form onSubmit={submit} noValidate>
      <FormGroup label={t('emailRouting:country')} labelFor="region-country" style={SELECT_STYLE}>
        <HTMLSelect
          id="region-country"
          fill
          value={countryId ?? ''}
          onChange={(e) => chooseCountry(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">{t('emailRouting:choose_country')}</option>
          {countries.map((c) => (
            <option key={c.countryId} value={c.countryId}>
              {c.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup
        label={t('emailRouting:region')}
        labelFor="region-region"
        helperText={noRegions ? t('emailRouting:no_regions') : undefined}
        style={SELECT_STYLE}
      >
        <HTMLSelect
          id="region-region"
          fill
          value={regionId ?? ''}
          disabled={countryId === null || list.length === 0}
          onChange={(e) => chooseRegion(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">{t('emailRouting:choose_region')}</option>
          {list.map((r) => (
            <option key={r.regionId} value={r.regionId}>
              {r.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FieldGroup
        controlId="region-emails"
        label={t('emailRouting:field_service_request')}
        problem={problem ? { key: problem } : undefined}
        hint={t('emailRouting:region_hint')}
      >
        <CountedInput
          id="region-emails"
          value={emails}
          maxLength={ROUTING_EMAILS_MAX}
          disabled={regionId === null}
          intent={problem ? Intent.DANGER : Intent.NONE}
          placeholder={t('emailRouting:emails_placeholder')}
          aria-describedby={problem ? problemIdOf('region-emails') : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => edit(e.target.value)}
        />
      </FieldGroup>
      {regions.isError && (
        <Callout intent={Intent.DANGER} role="alert" compact>
          {t('emailRouting:load_failed')}
        </Callout>
      )}
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        text={t('emailRouting:save')}
        disabled={regionId === null}
        loading={save.isPending}
      />
    </form>
  );
}
