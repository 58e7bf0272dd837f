import { afterEach, describe, expect, it } from 'vitest';
import { getShortestPaths } from '@xstate/graph';
import { createActor, fromPromise, waitFor, type Actor, type SnapshotFrom } from 'xstate';
import { InvitationType, SUBJECT_MAX, type Invitation, type InvitationRequest } from '../contract/invitations';
import {
  invitationMachine,
  requestOf,
  validateDraft,
  type InvitationCustomer,
  type InvitationEvent,
} from './invitation.machine';

const ME = 'paula@provider.example';
const REGISTERED = 'user@acme-labs.example';
const NEWCOMER = 'new.contact@acme-labs.example';
const CUSTOMER: InvitationCustomer = { customerNo: '1000100', locationId: 7, label: 'Acme Labs, Boston (1000100)' };
const EN = { subject: 'Welcome to the instrument portal', description: '<p>Dear customer,</p>' };
const DE = { subject: 'Willkommen im Geräteportal', description: '<p>Sehr geehrte Kundin,</p>' };

const sentAs = (request: InvitationRequest): Invitation => ({
  id: 1,
  emailTo: request.emailTo.split(';').map((emailAddress) => ({ emailAddress, isRegistered: false })),
  emailCc: request.emailCc,
  emailBcc: request.emailBcc,
  orderNumber: request.orderNumber,
  language: request.language,
  type: request.type,
  subject: request.subject,
  description: request.description,
  createdTime: '2026-11-26T09:00:00.000Z',
  customerNo: request.customerNo,
  locationId: request.locationId,
});

interface Pending<I, O> {
  input: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

/** The machine with actors the test answers by hand, and the sent notifications it reports. */
function start() {
  const checks: Array<Pending<{ addresses: string[] }, Array<{ emailAddress: string; isRegistered: boolean }>>> = [];
  const sends: Array<Pending<InvitationRequest, Invitation>> = [];
  const notified: Invitation[] = [];
  const invalidTips = { count: 0 };
  const machine = invitationMachine.provide({
    actors: {
      checkRegistered: fromPromise(
        ({ input }: { input: { addresses: string[] } }) =>
          new Promise((resolve, reject) => checks.push({ input, resolve, reject })),
      ),
      sendInvitation: fromPromise(
        ({ input }: { input: InvitationRequest }) =>
          new Promise((resolve, reject) => sends.push({ input, resolve, reject })),
      ),
    },
    actions: {
      notifySent: (_, invitation) => void notified.push(invitation),
      notifyInvalid: () => void (invalidTips.count += 1),
    },
  });
  const actor = createActor(machine, { input: { ownEmail: ME, language: 'en-us' } }).start();
  current = actor;
  /** Registered answers for the addresses asked about. */
  const answerCheck = (registered: string[]) =>
    checks.at(-1)!.resolve(
      checks.at(-1)!.input.addresses.map((emailAddress) => ({
        emailAddress,
        isRegistered: registered.includes(emailAddress.toLowerCase()),
      })),
    );
  const fill = (to: string) => {
    actor.send({ type: 'TEMPLATE', language: 'en-us', template: EN });
    actor.send({ type: 'EDIT', field: 'emailTo', value: to });
    actor.send({ type: 'CHOOSE_CUSTOMER', customer: CUSTOMER });
  };
  return { actor, checks, sends, notified, invalidTips, answerCheck, fill };
}

let current: Actor<typeof invitationMachine> | undefined;
afterEach(() => current?.stop());

const settle = (
  actor: Actor<typeof invitationMachine>,
  state: 'failed' | 'sent' | 'editing' | 'confirming' | 'sending',
) => waitFor(actor, (s) => s.matches(state), { timeout: 1000 });

describe('invitation: the form', () => {
  it('starts clean with bcc prefilled and hidden, fills subject and description from the template', () => {
    const { actor } = start();
    const { draft, dirty } = actor.getSnapshot().context;
    expect(draft).toMatchObject({ emailBcc: ME, showBcc: false, showCc: false, type: InvitationType.Order });
    expect(dirty).toBe(false);
    actor.send({ type: 'TEMPLATE', language: 'en-us', template: EN });
    expect(actor.getSnapshot().context.draft).toMatchObject(EN);
    expect(actor.getSnapshot().context.dirty).toBe(false);
  });

  it("takes the new language's template while the text is untouched, and keeps edited text", () => {
    const { actor } = start();
    actor.send({ type: 'TEMPLATE', language: 'en-us', template: EN });
    actor.send({ type: 'SET_LANGUAGE', language: 'de' });
    actor.send({ type: 'TEMPLATE', language: 'en-us', template: EN });
    actor.send({ type: 'TEMPLATE', language: 'de', template: DE });
    expect(actor.getSnapshot().context.draft).toMatchObject(DE);
    actor.send({ type: 'EDIT', field: 'description', value: '<p>My own words</p>' });
    actor.send({ type: 'SET_LANGUAGE', language: 'en-us' });
    actor.send({ type: 'TEMPLATE', language: 'en-us', template: EN });
    expect(actor.getSnapshot().context.draft.description).toBe('<p>My own words</p>');
    expect(actor.getSnapshot().context.dirty).toBe(true);
  });

  it('checks every rule on submit and stays editing: to, shown cc and bcc, customer, lengths', () => {
    const { actor, checks, invalidTips } = start();
    actor.send({ type: 'SUBMIT' });
    expect(invalidTips.count).toBe(1);
    expect(actor.getSnapshot().context.errors).toEqual({
      emailTo: { key: 'required_field' },
      customer: { key: 'required_field' },
    });
    actor.send({ type: 'EDIT', field: 'emailTo', value: `${NEWCOMER};someone@` });
    actor.send({ type: 'SHOW_CC' });
    actor.send({ type: 'EDIT', field: 'emailCc', value: 'cc@example' });
    actor.send({ type: 'SHOW_BCC' });
    actor.send({ type: 'EDIT', field: 'emailBcc', value: `${ME};;` });
    actor.send({ type: 'EDIT', field: 'subject', value: 'x'.repeat(SUBJECT_MAX + 1) });
    actor.send({ type: 'EDIT', field: 'orderNumber', value: 'y'.repeat(101) });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      emailTo: { key: 'valid_Email_message' },
      emailCc: { key: 'valid_Email_message' },
      customer: { key: 'required_field' },
      orderNumber: { key: 'max_length', max: 100 },
      subject: { key: 'max_length', max: SUBJECT_MAX },
    });
    expect(invalidTips.count).toBe(2);
    actor.send({ type: 'EDIT', field: 'emailTo', value: NEWCOMER });
    expect(actor.getSnapshot().context.errors.emailTo).toBeUndefined();
    expect(checks).toHaveLength(0);
  });

  it('an address list of only separators asks for one address', () => {
    expect(validateDraft({ ...start().actor.getSnapshot().context.draft, emailTo: ' ; ' }).emailTo).toEqual({
      key: 'enter_one_user',
    });
  });
});

describe('invitation: checking, confirming and sending', () => {
  it('sends at once when no address is registered, then starts a new form and notifies once', async () => {
    const { actor, checks, sends, notified, invalidTips, answerCheck, fill } = start();
    fill(`${NEWCOMER}; ${NEWCOMER.toUpperCase()}`);
    actor.send({ type: 'SUBMIT' });
    expect(invalidTips.count).toBe(0);
    expect(actor.getSnapshot().value).toBe('checkingRegistered');
    expect(checks[0]!.input.addresses).toEqual([NEWCOMER]);
    answerCheck([]);
    await settle(actor, 'sending');
    expect(sends[0]!.input).toEqual({
      emailTo: NEWCOMER,
      emailCc: '',
      emailBcc: '',
      customerNo: '1000100',
      locationId: 7,
      orderNumber: '',
      language: 'en-us',
      type: InvitationType.Order,
      subject: EN.subject,
      description: EN.description,
    });
    sends[0]!.resolve(sentAs(sends[0]!.input));
    await settle(actor, 'sent');
    expect(notified).toHaveLength(1);
    const { draft, dirty } = actor.getSnapshot().context;
    expect(dirty).toBe(false);
    expect(draft).toMatchObject({ emailTo: '', customer: null, emailBcc: ME });
    actor.send({ type: 'TEMPLATE', language: 'en-us', template: EN });
    expect(actor.getSnapshot().context.draft.subject).toBe(EN.subject);
    actor.send({ type: 'EDIT', field: 'emailTo', value: 'a@b.example' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('lists the registered addresses and leaves them out by default', async () => {
    const { actor, sends, answerCheck, fill } = start();
    fill(`${REGISTERED};${NEWCOMER}`);
    actor.send({ type: 'SHOW_BCC' });
    actor.send({ type: 'SUBMIT' });
    answerCheck([REGISTERED]);
    await settle(actor, 'confirming');
    expect(actor.getSnapshot().context).toMatchObject({ registered: [REGISTERED], excludeRegistered: true });
    actor.send({ type: 'CONFIRM' });
    await settle(actor, 'sending');
    expect(sends[0]!.input).toMatchObject({ emailTo: NEWCOMER, emailBcc: ME });
  });

  it('keeps the registered addresses when the checkbox is cleared', async () => {
    const { actor, sends, answerCheck, fill } = start();
    fill(`${REGISTERED};${NEWCOMER}`);
    actor.send({ type: 'SUBMIT' });
    answerCheck([REGISTERED]);
    await settle(actor, 'confirming');
    actor.send({ type: 'TOGGLE_EXCLUDE', exclude: false });
    expect(requestOf(actor.getSnapshot().context).emailTo).toBe(`${REGISTERED};${NEWCOMER}`);
    actor.send({ type: 'CONFIRM' });
    await settle(actor, 'sending');
    expect(sends[0]!.input.emailTo).toBe(`${REGISTERED};${NEWCOMER}`);
  });

  it('says enter_one_user at the to field when every address is registered and excluded', async () => {
    const { actor, sends, answerCheck, fill } = start();
    fill(REGISTERED);
    actor.send({ type: 'SUBMIT' });
    answerCheck([REGISTERED]);
    await settle(actor, 'confirming');
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors.emailTo).toEqual({ key: 'enter_one_user' });
    expect(sends).toHaveLength(0);
  });

  it('goes back to the form on cancel, keeping what was typed', async () => {
    const { actor, answerCheck, fill } = start();
    fill(REGISTERED);
    actor.send({ type: 'SUBMIT' });
    answerCheck([REGISTERED]);
    await settle(actor, 'confirming');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft.emailTo).toBe(REGISTERED);
    expect(actor.getSnapshot().context.dirty).toBe(true);
  });

  it('a failed sending keeps the form and can be retried; a failed check is retried as a check', async () => {
    const { actor, checks, sends, notified, answerCheck, fill } = start();
    fill(NEWCOMER);
    actor.send({ type: 'SUBMIT' });
    checks[0]!.reject(new Error('offline'));
    await settle(actor, 'failed');
    expect(actor.getSnapshot().context.failure?.stage).toBe('check');
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('checkingRegistered');
    answerCheck([]);
    await settle(actor, 'sending');
    sends[0]!.reject(new Error('server error'));
    await settle(actor, 'failed');
    expect(actor.getSnapshot().context).toMatchObject({ failure: { stage: 'send' }, dirty: true });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(sends).toHaveLength(2);
    sends[1]!.resolve(sentAs(sends[1]!.input));
    await settle(actor, 'sent');
    expect(notified).toHaveLength(1);
  });
});

describe('invitation, model-based', () => {
  type Snapshot = SnapshotFrom<typeof invitationMachine>;
  const done = (id: string, output: unknown) =>
    ({ type: `xstate.done.actor.${id}`, output }) as unknown as InvitationEvent;
  const error = (id: string) =>
    ({ type: `xstate.error.actor.${id}`, error: new Error(id) }) as unknown as InvitationEvent;

  /** One sample event per equivalence class: valid and invalid input, registered and new addresses, failures. */
  function events(s: Snapshot): InvitationEvent[] {
    if (s.matches('checkingRegistered')) {
      const addresses = s.context.draft.emailTo.split(';');
      return [
        done(
          'checkRegistered',
          addresses.map((emailAddress) => ({ emailAddress, isRegistered: emailAddress === REGISTERED })),
        ),
        error('checkRegistered'),
      ];
    }
    if (s.matches('sending')) return [done('sendInvitation', sentAs(requestOf(s.context))), error('sendInvitation')];
    return [
      { type: 'EDIT', field: 'emailTo', value: NEWCOMER },
      { type: 'EDIT', field: 'emailTo', value: REGISTERED },
      { type: 'EDIT', field: 'emailTo', value: `${REGISTERED};${NEWCOMER}` },
      { type: 'EDIT', field: 'emailTo', value: 'not-an-address' },
      { type: 'CHOOSE_CUSTOMER', customer: CUSTOMER },
      { type: 'SUBMIT' },
      { type: 'TOGGLE_EXCLUDE', exclude: false },
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      { type: 'RETRY' },
    ];
  }

  const observed = (s: Snapshot) =>
    JSON.stringify([
      s.value,
      s.context.draft.emailTo,
      s.context.draft.customer !== null,
      s.context.excludeRegistered,
      Object.keys(s.context.errors).sort(),
      s.context.failure?.stage ?? null,
    ]);

  const paths = getShortestPaths(invitationMachine, {
    input: { ownEmail: ME, language: 'en-us' },
    events,
    serializeState: observed,
  });

  it('the sample events reach every state of the machine', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(invitationMachine.root.states).sort());
  });

  for (const path of paths) {
    const steps = path.steps.slice(1);
    const description = steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ');
    it(`${String(path.state.value)}: ${description || 'start'}`, async () => {
      const { actor, checks, sends } = start();
      for (const step of steps) {
        const answer = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(step.event.type);
        if (answer) {
          const pending = answer[2] === 'checkRegistered' ? checks.at(-1)! : sends.at(-1)!;
          if (answer[1] === 'done') pending.resolve((step.event as unknown as { output: never }).output);
          else pending.reject(new Error(answer[2]));
        } else {
          actor.send(step.event);
        }
        const expected = observed(step.state);
        await waitFor(actor, (s) => observed(s) === expected, { timeout: 1_000 });
      }
      expect(actor.getSnapshot().value).toEqual(path.state.value);
    });
  }
});
