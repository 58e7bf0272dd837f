import { assign, fromPromise, setup } from 'xstate';
import type { LANGUAGE_CODES } from '../contract/configuration';
import {
  InvitationAddressList,
  InvitationToList,
  InvitationType,
  ORDER_NUMBER_MAX,
  SUBJECT_MAX,
  type Invitation,
  type InvitationAddress,
  type InvitationRequest,
  type InvitationTemplate,
} from '../contract/invitations';
import { splitEmailList } from '../contract/validation';

type LanguageCode = (typeof LANGUAGE_CODES)[number];
type InvitationTypeValue = (typeof InvitationType)[keyof typeof InvitationType];

/** The customer number and location picked with the location lookup. */
export interface InvitationCustomer {
  customerNo: string;
  locationId: number;
  /** How the form shows the pick (company, city, number). */
  label: string;
}

export interface InvitationDraft {
  emailTo: string;
  emailCc: string;
  emailBcc: string;
  showCc: boolean;
  showBcc: boolean;
  customer: InvitationCustomer | null;
  orderNumber: string;
  language: LanguageCode;
  type: InvitationTypeValue;
  subject: string;
  /** Rich text (HTML). */
  description: string;
}

export type TextField = 'emailTo' | 'emailCc' | 'emailBcc' | 'orderNumber' | 'subject' | 'description';
export type DraftField = TextField | 'customer';
/** A message key of the onboarding namespace, with its values. */
export interface FieldError {
  key: 'required_field' | 'valid_Email_message' | 'enter_one_user' | 'max_length';
  max?: number;
}
export type DraftErrors = Partial<Record<DraftField, FieldError>>;

export type InvitationEvent =
  | { type: 'EDIT'; field: TextField; value: string }
  | { type: 'SHOW_CC' }
  | { type: 'SHOW_BCC' }
  | { type: 'CHOOSE_CUSTOMER'; customer: InvitationCustomer | null }
  | { type: 'SET_LANGUAGE'; language: LanguageCode }
  | { type: 'SET_TYPE'; invitationType: InvitationTypeValue }
  /** The template of a language has loaded: it fills subject and description while they are untouched. */
  | { type: 'TEMPLATE'; language: LanguageCode; template: InvitationTemplate }
  | { type: 'SUBMIT' }
  | { type: 'TOGGLE_EXCLUDE'; exclude: boolean }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

export interface InvitationContext {
  ownEmail: string;
  defaultLanguage: LanguageCode;
  draft: InvitationDraft;
  errors: DraftErrors;
  /** Whether the user changed the form since it was new (the unsaved-data guard). */
  dirty: boolean;
  /** The template the subject and description were last filled from. */
  template: InvitationTemplate | null;
  /** The to-addresses that already have accounts, as the check answered them. */
  registered: string[];
  /** Leave the registered addresses out of the sending (on by default). */
  excludeRegistered: boolean;
  /** What failed last: the registered check or the sending; the screen says it and offers a retry. */
  failure: { stage: 'check' | 'send'; error: unknown } | null;
  /** The invitation sent last. */
  sent: Invitation | null;
}

export interface InvitationInput {
  ownEmail: string;
  language: LanguageCode;
}

const newDraft = (input: { ownEmail: string; language: LanguageCode }, template: InvitationTemplate | null) => ({
  emailTo: '',
  emailCc: '',
  emailBcc: input.ownEmail,
  showCc: false,
  showBcc: false,
  customer: null,
  orderNumber: '',
  language: input.language,
  type: InvitationType.Order,
  subject: template?.subject ?? '',
  description: template?.description ?? '',
});

const messageOf = (issue: string | undefined): FieldError => ({
  key: issue === 'required_field' || issue === 'enter_one_user' ? issue : 'valid_Email_message',
});

/** The form's rules (spec 3 section 5 "Invitation"): the contract's address lists, lengths and required fields. */
export function validateDraft(draft: InvitationDraft): DraftErrors {
  const errors: DraftErrors = {};
  const to = InvitationToList.safeParse(draft.emailTo);
  if (!to.success) errors.emailTo = messageOf(to.error.issues[0]?.message);
  if (draft.showCc && !InvitationAddressList.safeParse(draft.emailCc).success) errors.emailCc = messageOf(undefined);
  if (draft.showBcc && !InvitationAddressList.safeParse(draft.emailBcc).success) errors.emailBcc = messageOf(undefined);
  if (!draft.customer) errors.customer = { key: 'required_field' };
  if (draft.orderNumber.trim().length > ORDER_NUMBER_MAX)
    errors.orderNumber = { key: 'max_length', max: ORDER_NUMBER_MAX };
  if (draft.subject.trim().length > SUBJECT_MAX) errors.subject = { key: 'max_length', max: SUBJECT_MAX };
  return errors;
}

/** The distinct to-addresses, as typed. */
export const toAddresses = (draft: InvitationDraft) => {
  const seen = new Set<string>();
  return splitEmailList(draft.emailTo).filter((a) => !seen.has(a.toLowerCase()) && seen.add(a.toLowerCase()));
};

/** The to-addresses that will be mailed: without the registered ones while they are excluded. */
export function remainingAddresses(context: InvitationContext): string[] {
  if (!context.excludeRegistered) return toAddresses(context.draft);
  const registered = new Set(context.registered.map((a) => a.toLowerCase()));
  return toAddresses(context.draft).filter((a) => !registered.has(a.toLowerCase()));
}

/** What POST Users/invitation is sent: hidden cc and bcc are not used. */
export function requestOf(context: InvitationContext): InvitationRequest {
  const { draft } = context;
  return {
    emailTo: remainingAddresses(context).join(';'),
    emailCc: draft.showCc ? draft.emailCc : '',
    emailBcc: draft.showBcc ? draft.emailBcc : '',
    customerNo: draft.customer?.customerNo ?? '',
    locationId: draft.customer?.locationId ?? null,
    orderNumber: draft.orderNumber,
    language: draft.language,
    type: draft.type,
    subject: draft.subject,
    description: draft.description,
  };
}

const withoutError = (errors: DraftErrors, field: DraftField): DraftErrors => {
  const { [field]: _removed, ...rest } = errors;
  return rest;
};

/** The form's changes, the same in every state that shows the form; each goes (back) to editing. */
const editing = {
  EDIT: { target: 'editing', actions: 'edit' },
  SHOW_CC: { target: 'editing', actions: 'edit' },
  SHOW_BCC: { target: 'editing', actions: 'edit' },
  CHOOSE_CUSTOMER: { target: 'editing', actions: 'edit' },
  SET_LANGUAGE: { target: 'editing', actions: 'edit' },
  SET_TYPE: { target: 'editing', actions: 'edit' },
} as const;

/** The draft and its errors after one change of the form. */
function edited(context: InvitationContext, event: InvitationEvent): Partial<InvitationContext> {
  const { draft, errors } = context;
  switch (event.type) {
    case 'EDIT':
      return { draft: { ...draft, [event.field]: event.value }, errors: withoutError(errors, event.field) };
    case 'SHOW_CC':
      return { draft: { ...draft, showCc: true } };
    case 'SHOW_BCC':
      return { draft: { ...draft, showBcc: true } };
    case 'CHOOSE_CUSTOMER':
      return { draft: { ...draft, customer: event.customer }, errors: withoutError(errors, 'customer') };
    case 'SET_LANGUAGE':
      return { draft: { ...draft, language: event.language } };
    case 'SET_TYPE':
      return { draft: { ...draft, type: event.invitationType } };
    default:
      return {};
  }
}

/**
 * The invitation flow of customer onboarding (spec 3 section 4 "Invitation flow"): validate; ask which to-addresses
 * already have accounts; if any, a dialog lists them with a checkbox to exclude them (on by default), and when none
 * would remain the form says enter_one_user; send; then the screen clears the unsaved flag, refreshes the history
 * and says 'sent', and the form starts anew (bcc prefilled with the user's own address, the template's text).
 */
export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as InvitationInput,
  },
  actors: {
    checkRegistered: fromPromise<InvitationAddress[], { addresses: string[] }>(() => {
      throw new Error('checkRegistered must be provided');
    }),
    sendInvitation: fromPromise<Invitation, InvitationRequest>(() => {
      throw new Error('sendInvitation must be provided');
    }),
  },
  actions: {
    edit: assign(({ context, event }) => ({ ...edited(context, event), dirty: true, failure: null })),
    /** Clear the unsaved flag, refresh the history, show the 'sent' toast. */
    notifySent: (_, _invitation: Invitation) => {},
    /** The draft failed its checks: show the validation_failed_tip toast. */
    notifyInvalid: () => {},
  },
  guards: {
    draftValid: ({ context }) => Object.keys(validateDraft(context.draft)).length === 0,
    someoneLeft: ({ context }) => remainingAddresses(context).length > 0,
    retrySending: ({ context }) => context.failure?.stage === 'send',
    templateFits: ({ context, event }) =>
      event.type === 'TEMPLATE' &&
      event.language === context.draft.language &&
      (context.template === null ||
        (context.draft.subject === context.template.subject &&
          context.draft.description === context.template.description) ||
        (context.draft.subject === '' && context.draft.description === '')),
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({
    ownEmail: input.ownEmail,
    defaultLanguage: input.language,
    draft: newDraft(input, null),
    errors: {},
    dirty: false,
    template: null,
    registered: [],
    excludeRegistered: true,
    failure: null,
    sent: null,
  }),
  on: {
    TEMPLATE: {
      guard: 'templateFits',
      actions: assign(({ context, event }) => ({
        template: event.template,
        draft: { ...context.draft, subject: event.template.subject, description: event.template.description },
      })),
    },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...editing,
        SUBMIT: [
          { guard: 'draftValid', target: 'checkingRegistered', actions: assign({ errors: {} }) },
          { actions: [assign({ errors: ({ context }) => validateDraft(context.draft) }), 'notifyInvalid'] },
        ],
      },
    },
    checkingRegistered: {
      invoke: {
        id: 'checkRegistered',
        src: 'checkRegistered',
        input: ({ context }) => ({ addresses: toAddresses(context.draft) }),
        onDone: [
          {
            guard: ({ event }) => event.output.some((a) => a.isRegistered),
            target: 'confirming',
            actions: assign({
              registered: ({ event }) => event.output.filter((a) => a.isRegistered).map((a) => a.emailAddress),
            }),
          },
          { target: 'sending', actions: assign({ registered: [] }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => ({ stage: 'check', error: event.error }) }),
        },
      },
    },
    confirming: {
      entry: assign({ excludeRegistered: true }),
      on: {
        TOGGLE_EXCLUDE: { actions: assign({ excludeRegistered: ({ event }) => event.exclude }) },
        CONFIRM: [
          { guard: 'someoneLeft', target: 'sending' },
          {
            target: 'editing',
            actions: assign({ errors: ({ context }) => ({ ...context.errors, emailTo: { key: 'enter_one_user' } }) }),
          },
        ],
        CANCEL: 'editing',
      },
    },
    sending: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'sendInvitation',
        src: 'sendInvitation',
        input: ({ context }) => requestOf(context),
        onDone: {
          target: 'sent',
          actions: [
            assign(({ context, event }) => ({
              sent: event.output,
              draft: newDraft({ ownEmail: context.ownEmail, language: context.defaultLanguage }, null),
              template: null,
              dirty: false,
              errors: {},
              registered: [],
            })),
            { type: 'notifySent', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => ({ stage: 'send', error: event.error }) }),
        },
      },
    },
    sent: {
      on: { ...editing },
    },
    failed: {
      on: {
        ...editing,
        RETRY: [{ guard: 'retrySending', target: 'sending' }, { target: 'checkingRegistered' }],
        CANCEL: { target: 'editing', actions: assign({ failure: null }) },
      },
    },
  },
});
