import { CaeError, type CaeErrorOptions } from './cae-error';

const marker = Symbol.for('cae.error.rate_limited');

/** Too many requests from one caller, or from the upstream provider. */
export class RateLimitedError extends CaeError {
  readonly [marker] = true;

  constructor(message: string, options: CaeErrorOptions = {}) {
    super('rate_limited', message, { statusCode: 429, isRetryable: true, ...options });
    this.name = 'RateLimitedError';
  }

  static override isInstance(error: unknown): error is RateLimitedError {
    return CaeError.isInstance(error) && marker in error;
  }
}
