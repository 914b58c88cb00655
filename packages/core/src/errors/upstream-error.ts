import { CaeError, type CaeErrorOptions } from './cae-error';

const marker = Symbol.for('cae.error.upstream_failed');

/** A provider or other upstream service failed; `details` lists the attempts, never a key. */
export class UpstreamError extends CaeError {
  readonly [marker] = true;

  constructor(message: string, options: CaeErrorOptions = {}) {
    super('upstream_failed', message, { statusCode: 502, isRetryable: true, ...options });
    this.name = 'UpstreamError';
  }

  static override isInstance(error: unknown): error is UpstreamError {
    return CaeError.isInstance(error) && marker in error;
  }
}
