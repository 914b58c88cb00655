import { useEffect, useState } from 'preact/hooks';

/** A parsed hash route: `#/documents/lease?clause=…` is `{ path: ['documents', 'lease'], query }`. */
export interface Route {
  path: string[];
  query: URLSearchParams;
}

/** Parses a location hash into a route. */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [pathPart = '', queryPart = ''] = raw.split('?', 2);
  const path = pathPart
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment));
  return { path, query: new URLSearchParams(queryPart) };
}

/** The hash of a route: path segments and query parameters (empty ones left out). */
export function hrefOf(
  path: string[],
  query: Record<string, string | number | undefined | null> = {},
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return `#/${path.map(encodeURIComponent).join('/')}${text ? `?${text}` : ''}`;
}

/** Goes to a route (adds a history entry). */
export function navigate(href: string): void {
  if (location.hash !== href) location.hash = href;
}

/** The current route, following hash changes. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseHash(location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
