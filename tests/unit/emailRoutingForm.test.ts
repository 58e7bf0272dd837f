import { describe, expect, it } from 'vitest';
import {
  ALL_COUNTRIES,
  ALL_COUNTRY_WARNING,
  cleanEmails,
  countryBody,
  countryProblems,
  EMAILS_WARNING,
  valuesOf,
} from '../../web/src/features/emailRouting/routingForm';

const filled = {
  adminEmails: 'a@p.example',
  contractChangeEmails: 'b@p.example',
  contactUsSalesEmailAddress: 'c@p.example',
  contactUsInstrumentRelocationEmailAddress: 'd@p.example',
  contactUsTechnicalSupportEmailAddress: 'e@p.example',
};

describe('e-mail routing form', () => {
  it('trims values and removes trailing semicolons before sending', () => {
    expect(cleanEmails('  a@p.example; b@p.example ;; ')).toBe('a@p.example; b@p.example');
    expect(countryBody(ALL_COUNTRIES, 4, { ...filled, adminEmails: ' a@p.example;' })).toEqual({
      id: 4,
      countryId: null,
      ...filled,
    });
    expect(countryBody(57, null, filled).countryId).toBe(57);
  });

  it('needs every field for All, marks invalid addresses, and lets a country leave fields empty', () => {
    const values = { ...valuesOf(undefined), adminEmails: 'ok@p.example; bad@' };
    expect(countryProblems(values, false)).toEqual({ adminEmails: EMAILS_WARNING });
    expect(countryProblems({ ...filled, contractChangeEmails: ' ; ' }, true)).toEqual({
      contractChangeEmails: ALL_COUNTRY_WARNING,
    });
    expect(countryProblems(filled, true)).toEqual({});
  });
});
