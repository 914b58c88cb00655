import { CaeError, type CaeErrorOptions } from './cae-error';

const marker = Symbol.for('cae.error.payload_too_large');

/** Input over the configured size limit. */
export class PayloadTooLargeError extends CaeError {
  readonly [marker] = true;

  constructor(message: string, options: CaeErrorOptions = {}) {
    super('payload_too_large', message, { statusCode: 413, isRetryable: false, ...options });
    this.name = 'PayloadTooLargeError';
  }

  static override isInstance(error: unknown): error is PayloadTooLargeError {
    return CaeError.isInstance(error) && marker in error;
  }
}
