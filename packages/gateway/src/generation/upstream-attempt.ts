import { redactSecrets } from '@cae/core';
import { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { KeySource } from '../keys/key-vault';

/** Which step of the fallback chain an attempt was. */
export type FallbackStep = 'primary' | 'server_key' | 'fallback_provider' | 'local';

/** One call (or skipped call) of the fallback chain; never holds a key. */
export interface UpstreamAttempt {
  step: FallbackStep;
  providerId: string;
  modelId: string;
  keySource: KeySource;
  status: 'ok' | 'failed';
  /** HTTP status of the upstream answer, when there was one. */
  httpStatus?: number;
  error?: string;
  latencyMs: number;
}

/** True when the caller (not the upstream) cancelled. */
export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  return error instanceof APIUserAbortError || (error instanceof Error && error.name === 'AbortError');
}

/** A short, key-free description of an upstream failure. */
export function describeUpstreamError(
  error: unknown,
  secrets: readonly (string | undefined)[],
  baseURL?: string,
): {
  httpStatus?: number;
  error: string;
} {
  if (error instanceof APIConnectionTimeoutError) return { error: 'timed out waiting for the provider' };
  if (error instanceof APIError && error.status !== undefined) {
    const reason =
      error.status === 401
        ? 'the provider rejected the key'
        : error.status === 403
          ? 'the key is not allowed to use this resource'
          : error.status === 429
            ? 'rate limited by the provider'
            : error.status >= 500
              ? 'the provider failed'
              : 'the provider refused the request';
    const upstream = (error.error as { message?: unknown } | undefined)?.message;
    const detail = typeof upstream === 'string' && upstream ? `: ${upstream}` : '';
    return { httpStatus: error.status, error: redactSecrets(`${error.status} ${reason}${detail}`, secrets) };
  }
  if (error instanceof APIError) {
    const cause = (error.cause as Error | undefined)?.message;
    const where = baseURL ? ` at ${baseURL}` : '';
    return {
      error: redactSecrets(`could not reach the provider${where}${cause ? `: ${cause}` : ''}`, secrets),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { error: redactSecrets(message, secrets) };
}
