import { ZodError } from 'zod';
import { CaeError } from './cae-error';
import { InternalError } from './internal-error';
import { InvalidRequestError } from './invalid-request-error';

/** Turns anything thrown into a CaeError: zod failures become invalid_request, unknown errors internal. */
export function toCaeError(error: unknown): CaeError {
  if (CaeError.isInstance(error)) return error;
  if (error instanceof ZodError) {
    const first = error.issues[0];
    const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
    return new InvalidRequestError(`${where}${first?.message ?? 'invalid input'}`, {
      details: error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      cause: error,
    });
  }
  return new InternalError('internal error', { cause: error });
}
