import { CaeError, type CaeErrorOptions } from './cae-error';

const marker = Symbol.for('cae.error.not_found');

/** The named resource does not exist. */
export class NotFoundError extends CaeError {
  readonly [marker] = true;

  constructor(message: string, options: CaeErrorOptions = {}) {
    super('not_found', message, { statusCode: 404, isRetryable: false, ...options });
    this.name = 'NotFoundError';
  }

  static override isInstance(error: unknown): error is NotFoundError {
    return CaeError.isInstance(error) && marker in error;
  }
}
