import { CaeError, type CaeErrorOptions } from './cae-error';

const marker = Symbol.for('cae.error.unauthorized');

/** Missing or wrong caller token (403 status for a valid token lacking admin rights). */
export class UnauthorizedError extends CaeError {
  readonly [marker] = true;

  constructor(message: string, options: CaeErrorOptions = {}) {
    super('unauthorized', message, { statusCode: 401, isRetryable: false, ...options });
    this.name = 'UnauthorizedError';
  }

  static override isInstance(error: unknown): error is UnauthorizedError {
    return CaeError.isInstance(error) && marker in error;
  }
}
