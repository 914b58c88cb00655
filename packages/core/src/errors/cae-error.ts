/** Stable machine-readable error codes; the apps send them in `{ error: { code } }`. */
export const ERROR_CODES = [
  'invalid_request',
  'not_found',
  'conflict',
  'unauthorized',
  'payload_too_large',
  'rate_limited',
  'upstream_failed',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const marker = Symbol.for('cae.error');

export interface CaeErrorOptions {
  details?: unknown;
  cause?: unknown;
  /** HTTP status the apps answer with; each subclass has its own default. */
  statusCode?: number;
  isRetryable?: boolean;
}

/** Base class of every error the engine raises on purpose; carries a stable `code` and an HTTP status. */
export class CaeError extends Error {
  readonly [marker] = true;
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: unknown;
  readonly isRetryable: boolean;

  constructor(code: ErrorCode, message: string, options: CaeErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CaeError';
    this.code = code;
    this.statusCode = options.statusCode ?? 500;
    this.details = options.details;
    this.isRetryable = options.isRetryable ?? false;
  }

  /** True for any CaeError, also across duplicated copies of this package. */
  static isInstance(error: unknown): error is CaeError {
    return typeof error === 'object' && error !== null && marker in error;
  }

  /** The error body of ARCHITECTURE.md: `{ error: { code, message, details? } }`. */
  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

/** Wire shape of every error response. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}
