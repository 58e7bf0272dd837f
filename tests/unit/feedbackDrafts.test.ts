import { describe, expect, it } from 'vitest';
import { CONTACT_METHOD, CONTACT_TYPE, FEEDBACK_FILE_MAX_BYTES } from '../../contract/feedback';
import {
  initialDraft,
  requestOf as contactRequestOf,
  requiredFields,
  validate as validateContact,
  withContactMethod,
  type Me,
} from '../../web/src/features/contactUs/contactUsDraft';
import {
  addFiles,
  EMPTY_DRAFT,
  requestOf as feedbackRequestOf,
  TOO_LARGE,
  TOO_MANY,
  validate as validateFeedback,
  WRONG_TYPE,
} from '../../web/src/features/feedback/feedbackDraft';

const file = (name: string, size = 1000, lastModified = 1) => new File([new Uint8Array(size)], name, { lastModified });

describe('feedback form', () => {
  it('sends the description trimmed and HTML-escaped', () => {
    expect(
      feedbackRequestOf({ ...EMPTY_DRAFT, description: '  a <b> & "c" \'d\'  ', emailTo: ' x@y.example ' }, []),
    ).toEqual({
      issueDescription: 'a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;',
      emailTo: 'x@y.example',
      attachFiles: [],
    });
  });

  it('takes up to four files of the allowed types and sizes, a file picked twice once', () => {
    const a = file('a.png');
    let { files, problem } = addFiles([], [a, file('b.jpg'), file('c.mp4')]);
    expect(problem).toBeNull();
    ({ files, problem } = addFiles(files, [a, file('d.gif')]));
    expect([files.length, problem]).toEqual([4, null]);
    expect(addFiles(files, [file('e.jpeg')])).toEqual({ files, problem: TOO_MANY });
    expect(addFiles([], [file('notes.txt')]).problem).toEqual(WRONG_TYPE);
    expect(addFiles([], [file('big.png', FEEDBACK_FILE_MAX_BYTES + 1)]).problem).toEqual(TOO_LARGE);
    expect(addFiles([], [file('empty.png', 0)]).problem).toEqual({ key: 'feedback:attachment_empty' });
  });

  it('asks for a description and valid notification addresses, with the spec message keys', () => {
    expect(validateFeedback({ ...EMPTY_DRAFT, description: '   ', emailTo: 'a@b.example; nope' })).toEqual({
      description: { key: 'required_field' },
      emailTo: { key: 'feedback:lblEmailsWarning' },
    });
    expect(validateFeedback({ ...EMPTY_DRAFT, description: 'ok', emailTo: 'a@b.example;' })).toEqual({});
  });
});

const me: Me = {
  firstName: 'Uma',
  lastName: 'Standard',
  emailAddress: 'uma@acme-labs.example',
  officePhone: '+1 617 555 0100',
  companyName: 'Acme Labs',
};

describe('contact-us form', () => {
  it('starts from the user, by e-mail; phone clears the e-mail, e-mail puts the own address back and clears the phone', () => {
    const start = initialDraft(me, 233);
    expect(start).toMatchObject({ contactMethod: CONTACT_METHOD.Email, emailAddress: me.emailAddress, countryId: 233 });
    const byPhone = withContactMethod({ ...start, emailAddress: 'other@acme-labs.example' }, CONTACT_METHOD.Phone, me);
    expect(byPhone).toMatchObject({ emailAddress: '', telephone: me.officePhone });
    const back = withContactMethod({ ...byPhone, callTime: '08:00-10:00' }, CONTACT_METHOD.Email, me);
    expect(back).toMatchObject({ emailAddress: me.emailAddress, telephone: '', callTime: '' });
  });

  it('sends only the fields of the chosen type, and the country name', () => {
    const draft = {
      ...initialDraft(me, 57),
      type: CONTACT_TYPE.TechnicalSupport,
      challenge: 3,
      location: 'Lab 1',
      category: 6,
      model: ' Avio 550 ',
    };
    expect(contactRequestOf(draft, 'Germany')).toMatchObject({
      type: 3,
      country: 'Germany',
      challenge: null,
      location: null,
      category: 6,
      model: 'Avio 550',
    });
  });

  it('asks for the type first, then what the type and the contact method need', () => {
    const start = initialDraft(me, null);
    expect(validateContact(start, null)).toEqual({ type: { key: 'feedback:request_type_tips' } });
    const relocation = { ...start, type: CONTACT_TYPE.InstrumentRelocation, contactMethod: CONTACT_METHOD.Phone };
    expect(Object.keys(validateContact({ ...relocation, emailAddress: '' }, null)).sort()).toEqual(
      ['callTime', 'instruments', 'location', 'relocation', 'telephone'].sort(),
    );
    expect([...requiredFields(relocation)]).toEqual(
      expect.arrayContaining(['telephone', 'callTime', 'instruments', 'location', 'relocation']),
    );
  });
});
