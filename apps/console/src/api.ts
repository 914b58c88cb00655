import type { ErrorBody } from './wire-types';

/** Where the console finds the engine and who is using it; kept in session storage (gone with the tab). */
export interface ConsoleSettings {
  /** Base URL of the engine; empty means the engine that served this page. */
  engineUrl: string;
  /** Bearer token, needed when the engine has CAE_API_TOKENS set. */
  token: string;
  /** Reviewer identifier sent with review decisions. */
  reviewer: string;
}

const STORAGE_KEY = 'cae-console-settings';

/** Reads the settings from session storage (empty defaults when absent or unreadable). */
export function loadSettings(storage: Pick<Storage, 'getItem'> = sessionStorage): ConsoleSettings {
  const empty: ConsoleSettings = { engineUrl: '', token: '', reviewer: '' };
  try {
    const parsed = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Partial<ConsoleSettings>;
    return {
      engineUrl: typeof parsed.engineUrl === 'string' ? parsed.engineUrl : '',
      token: typeof parsed.token === 'string' ? parsed.token : '',
      reviewer: typeof parsed.reviewer === 'string' ? parsed.reviewer : '',
    };
  } catch {
    return empty;
  }
}

/** Saves the settings to session storage. */
export function saveSettings(
  settings: ConsoleSettings,
  storage: Pick<Storage, 'setItem'> = sessionStorage,
): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(settings));
}

/**
 * The engine's base URL when the console is served by the engine itself: the page's origin and the
 * path in front of `/console/` (a proxy may mount the engine under a prefix).
 */
export function engineBaseFromLocation(location: Pick<Location, 'origin' | 'pathname'>): string {
  const at = location.pathname.lastIndexOf('/console');
  const prefix = at >= 0 ? location.pathname.slice(0, at) : '';
  return `${location.origin}${prefix}`;
}

/** A failed call to the engine: the HTTP status (0 when the engine did not answer) and the error body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Query string of the set values of a filter object (empty strings and undefined left out). */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A client of the engine's HTTP API bound to one set of settings. */
export interface EngineClient {
  readonly baseUrl: string;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

/** Builds the client: JSON in and out, the bearer token when one is set, errors as ApiError. */
export function createEngineClient(
  settings: ConsoleSettings,
  fallbackBase: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  /** Told the status of every answer (0 when the engine did not answer), e.g. to show the engine's state. */
  observe: (status: number) => void = () => {},
): EngineClient {
  const baseUrl = (settings.engineUrl.trim() || fallbackBase).replace(/\/+$/, '');
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (settings.token.trim()) headers.authorization = `Bearer ${settings.token.trim()}`;
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      observe(0);
      throw new ApiError(0, 'unreachable', `the engine at ${baseUrl} does not answer`);
    }
    observe(response.status);
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!response.ok) {
      const error = (parsed as ErrorBody | null)?.error;
      throw new ApiError(
        response.status,
        error?.code ?? 'http_error',
        error?.message ?? `HTTP ${response.status} ${response.statusText}`.trim(),
        error?.details,
      );
    }
    return parsed as T;
  };
  return {
    baseUrl,
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
  };
}
