import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTACT_EMAIL_MAX, CONTACT_PHONE_MAX, NoAccountContactRequest } from '../../contract/feedback';
import { phoneSchema } from '../../contract/validation';
import { textMaxOf } from '../../web/src/components/inputs/schemaMax';

describe('the maximum length an input takes from a contract schema', () => {
  it('reads it through trim, refinements, pipes, nullable and optional', () => {
    expect(textMaxOf(z.string().trim().max(30))).toBe(30);
    expect(textMaxOf(phoneSchema(20).nullable())).toBe(20);
    expect(textMaxOf(z.string().max(50).nullable().optional())).toBe(50);
    expect(textMaxOf(NoAccountContactRequest.shape.emailAddress)).toBe(CONTACT_EMAIL_MAX);
    expect(textMaxOf(NoAccountContactRequest.shape.telephone)).toBe(CONTACT_PHONE_MAX);
  });

  it('answers undefined when the schema sets no maximum or is not a text', () => {
    expect(textMaxOf(z.string())).toBeUndefined();
    expect(textMaxOf(z.number().max(5))).toBeUndefined();
  });
});
