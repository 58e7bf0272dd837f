import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCode, GLOBAL_ERROR_CODES } from '../../contract/errors';
import { ContactMethod, ContractTeamRequest, USER_ADDED_REFUSAL } from '../../contract/equipment';
import {
  firstInvalid,
  initialDraft,
  instrumentLabel,
  isDirty,
  MAX_LENGTH,
  requestOf,
  SEND_FAILURES,
  validate,
  visibleErrors,
  type ContractInstrument,
  type Draft,
  type Requester,
} from '../../web/src/components/contractRequest/contractTeamForm';
import { failureMessage } from '../../web/src/lib/failureMessage';
import { RequestFailure, type RequestError } from '../../web/src/lib/requestErrors';
import { ROOT } from '../support/testServer';

const me: Requester = {
  firstName: 'Uma',
  lastName: 'Standard',
  emailAddress: 'uma@acme-labs.example',
  officePhone: '+1 617 555 0100',
};
const instrument: ContractInstrument = { equipmentId: 42, mfg: 'Agilent', model: '1260 Infinity II', serial: 'DE123' };
const fresh = () => initialDraft(me);

const failure = (error: RequestError) => new RequestFailure(error);
const sendProblem = (e: unknown) => failureMessage(e, SEND_FAILURES);
const http = (status: number, errorMessage?: string) =>
  failure({ kind: 'http', status, statusText: 'x', errorMessage });

describe('contract-team form', () => {
  it("starts from the signed-in user's name, e-mail and office phone, contact by e-mail, nothing else typed", () => {
    expect(fresh()).toEqual({
      firstName: 'Uma',
      lastName: 'Standard',
      emailAddress: 'uma@acme-labs.example',
      telephone: '+1 617 555 0100',
      contactMethod: ContactMethod.ByEmail,
      comments: '',
      interestedIn: '',
      additionalSolutionsFor: '',
    });
    expect(initialDraft({ ...me, officePhone: null }).telephone).toBe('');
  });

  it('names the instrument make - model - serial, leaving out what is unknown', () => {
    expect(instrumentLabel(instrument)).toBe('Agilent - 1260 Infinity II - DE123');
    expect(instrumentLabel({ ...instrument, model: null, serial: '  ' })).toBe('Agilent');
  });

  it('sends the typed fields trimmed, the instrument and the full name, and passes the contract schema', () => {
    const draft: Draft = {
      ...fresh(),
      firstName: ' Uma ',
      telephone: ' 555 0100 ',
      contactMethod: ContactMethod.SeeComments,
      comments: '  Please extend to 3 years. ',
      interestedIn: '   ',
      additionalSolutionsFor: ' Two LC-MS systems ',
    };
    const body = requestOf(draft, instrument);
    expect(body).toEqual({
      equipmentId: 42,
      userName: 'Uma Standard',
      firstName: 'Uma',
      lastName: 'Standard',
      emailAddress: 'uma@acme-labs.example',
      telephone: '555 0100',
      contactMethod: ContactMethod.SeeComments,
      comments: 'Please extend to 3 years.',
      interestedIn: null,
      additionalSolutionsFor: 'Two LC-MS systems',
      mfg: 'Agilent',
      model: '1260 Infinity II',
      serial: 'DE123',
    });
    expect(ContractTeamRequest.safeParse(body).success).toBe(true);
    expect(validate(draft, instrument)).toEqual({});
  });

  it('asks for first name, last name, e-mail and telephone, with the words of the contract message keys', () => {
    const empty = { ...fresh(), firstName: ' ', lastName: '', emailAddress: '', telephone: '' };
    expect(validate(empty, instrument)).toEqual({
      firstName: { key: 'required_field' },
      lastName: { key: 'required_field' },
      emailAddress: { key: 'required_field' },
      telephone: { key: 'required_field' },
    });
    expect(validate({ ...fresh(), emailAddress: 'uma@', telephone: '555-CALL' }, instrument)).toEqual({
      emailAddress: { key: 'feedback:email_invalid' },
      telephone: { key: 'feedback:phone_invalid' },
    });
  });

  it('says how long a field may be: names 30, e-mail 60, phone 20, comments, interested-in and additional solutions 200', () => {
    expect(MAX_LENGTH).toEqual({
      firstName: 30,
      lastName: 30,
      emailAddress: 60,
      telephone: 20,
      comments: 200,
      interestedIn: 200,
      additionalSolutionsFor: 200,
    });
    const long = (n: number) => 'x'.repeat(n);
    expect(
      validate({ ...fresh(), lastName: long(31), comments: long(201), interestedIn: long(201) }, instrument),
    ).toEqual({
      lastName: { key: 'feedback:too_long', values: { max: 30 } },
      comments: { key: 'feedback:too_long', values: { max: 200 } },
      interestedIn: { key: 'feedback:too_long', values: { max: 200 } },
    });
    expect(validate({ ...fresh(), comments: long(200), interestedIn: long(200) }, instrument)).toEqual({});
  });

  it('shows the messages of the fields left, and all of them once the user tried to send', () => {
    const errors = validate({ ...fresh(), firstName: '', telephone: '' }, instrument);
    expect(visibleErrors(errors, new Set(), false)).toEqual({});
    expect(visibleErrors(errors, new Set(['telephone', 'comments']), false)).toEqual({
      telephone: { key: 'required_field' },
    });
    expect(visibleErrors(errors, new Set(), true)).toEqual(errors);
    expect(firstInvalid(errors)).toBe('firstName');
    expect(firstInvalid({})).toBeUndefined();
  });

  it('counts as changed once anything is typed or chosen, and unchanged when typed back', () => {
    const initial = fresh();
    expect(isDirty(initial, initial)).toBe(false);
    expect(isDirty({ ...initial, comments: 'a' }, initial)).toBe(true);
    expect(isDirty({ ...initial, contactMethod: ContactMethod.ByPhone }, initial)).toBe(true);
    expect(isDirty({ ...initial, comments: 'a' }, { ...initial, comments: 'a' })).toBe(false);
  });

  it('says above the form why a send failed, the instrument problems included', () => {
    expect(sendProblem(http(400, USER_ADDED_REFUSAL))).toEqual({ key: 'contractRequest:user_added_refused' });
    expect(sendProblem(failure({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound }))).toEqual({
      key: 'errorMessage:error_msg_10002',
    });
    expect(sendProblem(http(403))).toEqual({ key: 'contractRequest:send_refused' });
    expect(sendProblem(http(400, 'something else'))).toEqual({ key: 'contractRequest:send_refused' });
    expect(sendProblem(failure({ kind: 'api', errorCode: 99999 }))).toEqual({ key: 'contractRequest:send_failed' });
    expect(sendProblem(new Error('offline'))).toEqual({ key: 'errorMessage:network_error' });
    // The session hand-over answers these; the dialog says nothing of them.
    expect(sendProblem(http(401))).toBeNull();
    expect(sendProblem(failure({ kind: 'api', errorCode: GLOBAL_ERROR_CODES[0]! }))).toBeNull();
  });

  it('only gives messages that exist in English', () => {
    const english = (ns: string) =>
      JSON.parse(readFileSync(path.join(ROOT, 'web/src/locales/en-us', `${ns}.json`), 'utf8')) as Record<
        string,
        string
      >;
    const keys = [
      ...Object.values(validate({ ...fresh(), firstName: '', emailAddress: 'x', telephone: 'y' }, instrument)),
      ...Object.values(validate({ ...fresh(), comments: 'x'.repeat(201) }, instrument)),
      sendProblem(http(400, USER_ADDED_REFUSAL)),
      sendProblem(http(403)),
      sendProblem(failure({ kind: 'api', errorCode: 99999 })),
      sendProblem(failure({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound })),
    ].map((m) => m!.key);
    for (const key of keys) {
      const [ns, k] = key.includes(':') ? key.split(':') : ['common', key];
      expect(english(ns!), key).toHaveProperty([k!]);
    }
  });
});
