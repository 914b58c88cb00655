import type { z } from 'zod';
import { toCaeError } from './errors/to-cae-error';

/** Values already parsed at a boundary, with the schema that parsed them. */
const parsedBy = new WeakMap<object, z.ZodType>();

/** Records that `value` is the output of parsing with `schema`, so inner layers trust it. */
export function markParsed<T>(schema: z.ZodType, value: T): T {
  if (value !== null && typeof value === 'object') parsedBy.set(value, schema);
  return value;
}

/** Whether `value` is the very object a boundary produced by parsing with `schema`. */
export function isParsedBy(schema: z.ZodType, value: unknown): boolean {
  return value !== null && typeof value === 'object' && parsedBy.get(value) === schema;
}

/**
 * Parses input once: a value the HTTP boundary (`fromWire`) or an earlier call already parsed with
 * this schema is trusted as it is; anything else is parsed, and a failure is an InvalidRequestError
 * naming the field.
 * @example const request = parseOnce(CompileRequestSchema, input);
 */
export function parseOnce<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (isParsedBy(schema, input)) return input as z.output<S>;
  const result = schema.safeParse(input);
  if (!result.success) throw toCaeError(result.error);
  return markParsed(schema, result.data);
}
