import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CaeError } from './cae-error';
import { ConflictError } from './conflict-error';
import { InternalError } from './internal-error';
import { InvalidRequestError } from './invalid-request-error';
import { NotFoundError } from './not-found-error';
import { PayloadTooLargeError } from './payload-too-large-error';
import { RateLimitedError } from './rate-limited-error';
import { toCaeError } from './to-cae-error';
import { UnauthorizedError } from './unauthorized-error';
import { UpstreamError } from './upstream-error';

describe('CaeError family', () => {
  it.each([
    [InvalidRequestError, 'invalid_request', 400],
    [NotFoundError, 'not_found', 404],
    [ConflictError, 'conflict', 409],
    [UnauthorizedError, 'unauthorized', 401],
    [PayloadTooLargeError, 'payload_too_large', 413],
    [RateLimitedError, 'rate_limited', 429],
    [UpstreamError, 'upstream_failed', 502],
    [InternalError, 'internal', 500],
  ] as const)('%o has a stable code and status', (ErrorClass, code, status) => {
    const error = new ErrorClass('went wrong', { details: { a: 1 } });
    expect(error.code).toBe(code);
    expect(error.statusCode).toBe(status);
    expect(error.name).toBe(ErrorClass.name);
    expect(error.toBody()).toEqual({ error: { code, message: 'went wrong', details: { a: 1 } } });
    expect(CaeError.isInstance(error)).toBe(true);
    expect(ErrorClass.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
  });

  it('tells the subclasses apart', () => {
    expect(NotFoundError.isInstance(new ConflictError('x'))).toBe(false);
    expect(CaeError.isInstance(new Error('x'))).toBe(false);
    expect(new UnauthorizedError('forbidden', { statusCode: 403 }).statusCode).toBe(403);
    expect(new NotFoundError('x').toBody()).toEqual({ error: { code: 'not_found', message: 'x' } });
  });

  it('turns anything thrown into a CaeError', () => {
    const zodFailure = z.object({ limit: z.number().min(1) }).safeParse({ limit: -1 });
    const fromZod = toCaeError(zodFailure.error);
    expect(fromZod.code).toBe('invalid_request');
    expect(fromZod.message).toMatch(/^limit: /);
    expect(fromZod.details).toEqual([expect.objectContaining({ path: 'limit' })]);
    const conflict = new ConflictError('taken');
    expect(toCaeError(conflict)).toBe(conflict);
    const unknown = toCaeError(new Error('secret stack detail'));
    expect(unknown.code).toBe('internal');
    expect(unknown.message).toBe('internal error');
  });
});
