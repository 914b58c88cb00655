import { z } from 'zod';

/** `PORT`: a port number, 0 to 65535. */
export const portSchema = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be a port number from 0 to 65535')
    .max(65535, 'must be a port number from 0 to 65535')
    .default(fallback);

/** A comma-separated list (`CAE_API_TOKENS`, `CAE_CORS_ORIGINS`), trimmed, blanks dropped. */
/** Where an app keeps its data when no database server is named (`CAE_DATA_DIR`); default `./.cae`. */
export const DEFAULT_DATA_DIR = './.cae';
export const dataDirSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().default(DEFAULT_DATA_DIR),
);

export const listSchema = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item.length > 0),
  );

/** A flag: `1` or `true` is on, anything else (or unset) off. */
export const flagSchema = z
  .string()
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** A non-negative integer with a default (`CAE_RATE_LIMIT`, `CAE_MAX_BODY_BYTES`). */
export const countSchema = (fallback: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .default(fallback),
  );

/** A positive integer with a default (a limit that 0 would make useless). */
export const positiveSchema = (fallback: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .default(fallback),
  );

/** The error a bad environment gives: every wrong variable named, with what it must be. */
export class EnvironmentError extends Error {
  override readonly name = 'EnvironmentError';
}

/**
 * Parses an app's environment once, at start; a bad value throws an EnvironmentError naming the variable.
 * @example const env = parseEnvironment(EngineEnvSchema, process.env);
 */
export function parseEnvironment<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = issue.path.join('.');
    const value = variable ? env[variable] : undefined;
    return `${variable}${value === undefined ? '' : ` (${JSON.stringify(value)})`} ${issue.message}`;
  });
  throw new EnvironmentError(`bad environment: ${problems.join('; ')}`);
}
