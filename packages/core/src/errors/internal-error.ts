import { CaeError, type CaeErrorOptions } from './cae-error';

const marker = Symbol.for('cae.error.internal');

/** An unexpected failure inside the engine. */
export class InternalError extends CaeError {
  readonly [marker] = true;

  constructor(message: string, options: CaeErrorOptions = {}) {
    super('internal', message, { statusCode: 500, isRetryable: false, ...options });
    this.name = 'InternalError';
  }

  static override isInstance(error: unknown): error is InternalError {
    return CaeError.isInstance(error) && marker in error;
  }
}
