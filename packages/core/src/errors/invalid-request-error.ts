import { CaeError, type CaeErrorOptions } from './cae-error';

const marker = Symbol.for('cae.error.invalid_request');

/** Bad input: a body, query or argument that fails validation. */
export class InvalidRequestError extends CaeError {
  readonly [marker] = true;

  constructor(message: string, options: CaeErrorOptions = {}) {
    super('invalid_request', message, { statusCode: 400, isRetryable: false, ...options });
    this.name = 'InvalidRequestError';
  }

  static override isInstance(error: unknown): error is InvalidRequestError {
    return CaeError.isInstance(error) && marker in error;
  }
}
