import { z } from 'zod';

/**
 * The most characters a contract schema takes for a text, for the input's maxLength and counter; undefined when it
 * sets none. Looks through optional, nullable, default, effects and pipes to the string check itself.
 */
export function textMaxOf(schema: z.ZodTypeAny): number | undefined {
  if (schema instanceof z.ZodString) return schema.maxLength ?? undefined;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return textMaxOf(schema.unwrap());
  if (schema instanceof z.ZodDefault) return textMaxOf(schema.removeDefault());
  if (schema instanceof z.ZodEffects) return textMaxOf(schema.innerType());
  if (schema instanceof z.ZodPipeline) {
    const [a, b] = [textMaxOf(schema._def.in), textMaxOf(schema._def.out)];
    return a === undefined ? b : b === undefined ? a : Math.min(a, b);
  }
  return undefined;
}
