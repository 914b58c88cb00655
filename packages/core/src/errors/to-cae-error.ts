import { ZodError, type z } from 'zod';
import { CaeError } from './cae-error';
import { InternalError } from './internal-error';
import { InvalidRequestError } from './invalid-request-error';

const ARTICLE_TYPES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  bigint: 'an integer',
  boolean: 'a boolean (true or false)',
  object: 'an object',
  array: 'an array',
  date: 'a date',
  record: 'an object',
  nan: 'a number',
};

type Issue = z.core.$ZodIssue;

/**
 * The message of one validation issue, in the words of the wire: a missing field "is required", a
 * field of the wrong type "must be a string" (or the right type) — told apart by the input zod
 * reports with `reportInput` — and anything else zod's (or the schema's) own message. The input
 * itself is never repeated (it may be a key).
 */
function issueMessage(issue: Issue, path: readonly (string | number)[]): string {
  const leaf = [...path].reverse().find((segment) => typeof segment === 'string');
  if (issue.code === 'invalid_type' && 'input' in issue) {
    const name = leaf ?? 'the value';
    if (issue.input === undefined) return `${name} is required`;
    const expected = String(issue.expected);
    const wanted = ARTICLE_TYPES[expected] ?? expected;
    if (typeof issue.input === 'number' && Number.isNaN(issue.input)) return `${name} must be a number`;
    return `${name} must be ${wanted}`;
  }
  return issue.message;
}

/**
 * A 400 invalid_request from validation issues: the message names the first issue's field (through
 * `rename`, e.g. to snake_case wire names) and says what is wrong; details list every issue.
 */
export function validationError(
  issues: readonly Issue[],
  rename: (segment: string) => string = (segment) => segment,
  cause?: unknown,
): InvalidRequestError {
  const described = issues.map((issue) => {
    const path = issue.path.map((segment) =>
      typeof segment === 'string' ? rename(segment) : (segment as number),
    );
    return { path: path.join('.'), message: issueMessage(issue, path as (string | number)[]) };
  });
  const first = described[0];
  const where = first?.path ? `${first.path}: ` : '';
  return new InvalidRequestError(`${where}${first?.message ?? 'invalid input'}`, {
    details: described,
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * Parses `input` with `schema`; a failure is a 400 naming the field (renamed by `rename`) and
 * saying "must be a string" for a wrong type, "is required" for a missing one.
 * @example const request = parseRequest(ComputeRequestSchema, await readJsonBody(c));
 */
export function parseRequest<S extends z.ZodType>(
  schema: S,
  input: unknown,
  rename?: (segment: string) => string,
): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw validationError(result.error.issues, rename, result.error);
}

/**
 * Turns anything thrown into a CaeError: a CaeError as it is (also one found among the causes of
 * a wrapping error), zod failures invalid_request, unknown errors internal.
 */
export function toCaeError(error: unknown): CaeError {
  if (CaeError.isInstance(error)) return error;
  // A CaeError wrapped by a library (a query builder wraps what the database client threw) keeps its meaning.
  let cause = (error as { cause?: unknown } | null)?.cause;
  for (let depth = 0; depth < 5 && cause !== undefined && cause !== null; depth++) {
    if (CaeError.isInstance(cause)) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  if (error instanceof ZodError) return validationError(error.issues, undefined, error);
  return new InternalError('internal error', { cause: error });
}
