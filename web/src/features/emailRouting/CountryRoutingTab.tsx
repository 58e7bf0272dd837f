import { useEffect, useState, type FormEvent } from 'react';
import { Button, Callout, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Country } from '../../../../contract/configuration';
import { ROUTING_EMAILS_MAX } from '../../../../contract/countryEmailRouting';
import { FieldGroup, problemIdOf } from '../../components/FieldGroup';
import { showToast } from '../../components/showToast';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { failureMessage } from '../../lib/failureMessage';
import {
  ALL_COUNTRIES,
  ALL_COUNTRY_WARNING,
  COUNTRY_FIELDS,
  countryBody,
  countryProblems,
  EMAILS_WARNING,
  emailsValid,
  FIELD_LABEL,
  valuesOf,
  type CountryField,
  type CountryValues,
} from './routingForm';
import { emailRoutingKeys, saveCountryRouting, useCountryRouting } from './api/emailRouting';
import { CountedInput } from '../../components/inputs/LengthCounter';

/** The selects keep one width, whatever the names in them. */
export const SELECT_STYLE = { maxWidth: 360 };

/**
 * The country tab: a country (All first) and its five e-mail lists. Save is enabled after a change; choosing a
 * country loads its routing and drops the changes; for All every list is required.
 */
export function CountryRoutingTab({ countries, onDirty }: { countries: Country[]; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [countryId, setCountryId] = useState(ALL_COUNTRIES);
  const routing = useCountryRouting(countryId);
  const [values, setValues] = useState<CountryValues>(valuesOf(undefined));
  const [changed, setChanged] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<CountryField, string>>>({});
  const loaded = routing.data?.countryEmailRouting;

  useEffect(() => {
    setValues(valuesOf(loaded));
    setChanged(false);
    setProblems({});
  }, [loaded]);
  useEffect(() => onDirty(changed), [changed, onDirty]);

  const save = useMutation({
    mutationFn: saveCountryRouting,
    onSuccess: (saved) => {
      queryClient.setQueryData(emailRoutingKeys.country(countryId), { countryEmailRouting: saved });
      showToast(t('emailRouting:saved'), Intent.SUCCESS);
    },
    onError: (e) => {
      handOverSessionErrors(e);
      const problem = failureMessage(e, {
        failed: { key: 'emailRouting:save_failed' },
        refused: { key: EMAILS_WARNING },
      });
      if (problem) showToast(t(problem.key, problem.values), Intent.DANGER, 'error');
    },
  });

  const edit = (field: CountryField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setChanged(true);
    setProblems(({ [field]: _old, ...rest }) => (emailsValid(value) ? rest : { ...rest, [field]: EMAILS_WARNING }));
  };

  const choose = (next: number) => {
    setCountryId(next);
    save.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!changed || save.isPending || !loaded) return;
    const found = countryProblems(values, countryId === ALL_COUNTRIES);
    setProblems(found);
    const messages = Object.values(found);
    if (messages.includes(EMAILS_WARNING)) {
      showToast(t(EMAILS_WARNING), Intent.DANGER, 'error');
      return;
    }
    if (messages.includes(ALL_COUNTRY_WARNING)) {
      showToast(t(ALL_COUNTRY_WARNING), Intent.WARNING);
      return;
    }
    save.mutate(countryBody(countryId, loaded.id, values));
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormGroup
        label={t('emailRouting:country')}
        labelFor="routing-country"
        helperText={t(countryId === ALL_COUNTRIES ? 'emailRouting:all_hint' : 'emailRouting:country_hint')}
        style={SELECT_STYLE}
      >
        <HTMLSelect id="routing-country" fill value={countryId} onChange={(e) => choose(Number(e.target.value))}>
          <option value={ALL_COUNTRIES}>{t('emailRouting:all_countries')}</option>
          {countries.map((c) => (
            <option key={c.countryId} value={c.countryId}>
              {c.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {COUNTRY_FIELDS.map((field) => {
        const id = `routing-${field}`;
        const problem = problems[field];
        return (
          <FieldGroup
            key={field}
            controlId={id}
            label={t(FIELD_LABEL[field])}
            required={countryId === ALL_COUNTRIES}
            problem={problem ? { key: problem } : undefined}
          >
            <CountedInput
              id={id}
              value={values[field]}
              maxLength={ROUTING_EMAILS_MAX}
              disabled={!loaded}
              intent={problem ? Intent.DANGER : Intent.NONE}
              placeholder={t('emailRouting:emails_placeholder')}
              aria-describedby={problem ? problemIdOf(id) : undefined}
              aria-invalid={problem ? true : undefined}
              onChange={(e) => edit(field, e.target.value)}
            />
          </FieldGroup>
        );
      })}
      {routing.isError && (
        <Callout intent={Intent.DANGER} role="alert" compact>
          {t('emailRouting:load_failed')}
        </Callout>
      )}
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        text={t('emailRouting:save')}
        disabled={!changed}
        loading={save.isPending}
      />
    </form>
  );
}
