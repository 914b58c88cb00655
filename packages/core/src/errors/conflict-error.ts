import { CaeError, type CaeErrorOptions } from './cae-error';

const marker = Symbol.for('cae.error.conflict');

/** The request conflicts with the resource's state (e.g. a decision on an item no longer pending). */
export class ConflictError extends CaeError {
  readonly [marker] = true;

  constructor(message: string, options: CaeErrorOptions = {}) {
    super('conflict', message, { statusCode: 409, isRetryable: false, ...options });
    this.name = 'ConflictError';
  }

  static override isInstance(error: unknown): error is ConflictError {
    return CaeError.isInstance(error) && marker in error;
  }
}
