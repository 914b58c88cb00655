import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { CaeError, NotFoundError } from '@cae/core';
import type { Context, Hono } from 'hono';

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  txt: 'text/plain; charset=utf-8',
  woff2: 'font/woff2',
};
const COMPRESSIBLE = new Set(['html', 'js', 'css', 'json', 'svg', 'txt']);

/**
 * The console's page may call only its own engine, or a remote one the user names (connect-src *);
 * scripts and styles come from the console's own files (Chart.js and Cytoscape set inline styles).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  'connect-src *',
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

interface ConsoleFile {
  body: Buffer;
  type: string;
  compressible: boolean;
  /** Compressed bodies by encoding, made on the first request that accepts one. */
  encoded: Map<'br' | 'gzip', Buffer>;
  immutable: boolean;
}

/** Every file of the built console by its path under /console/, read once. */
function readConsoleFiles(distDir: string): Map<string, ConsoleFile> | null {
  let entries: string[];
  try {
    if (!statSync(join(distDir, 'index.html')).isFile()) return null;
    entries = readdirSync(distDir, { recursive: true, encoding: 'utf8' });
  } catch {
    return null;
  }
  const files = new Map<string, ConsoleFile>();
  for (const entry of entries) {
    const path = join(distDir, entry);
    if (!statSync(path).isFile()) continue;
    const extension = entry.slice(entry.lastIndexOf('.') + 1).toLowerCase();
    const body = readFileSync(path);
    files.set(relative(distDir, path).split(sep).join('/'), {
      body,
      type: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      compressible: COMPRESSIBLE.has(extension) && body.length > 512,
      encoded: new Map(),
      // Vite names built assets after their content hash, so a browser may keep them for good.
      immutable: entry.startsWith(`assets${sep}`),
    });
  }
  return files;
}

function send(c: Context, file: ConsoleFile): Response {
  const accepted = c.req.header('accept-encoding') ?? '';
  const headers: Record<string, string> = {
    'content-type': file.type,
    'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    vary: 'accept-encoding',
  };
  let body = file.body;
  const encoding = !file.compressible
    ? null
    : /\bbr\b/.test(accepted)
      ? 'br'
      : /\bgzip\b/.test(accepted)
        ? 'gzip'
        : null;
  if (encoding) {
    let encoded = file.encoded.get(encoding);
    if (!encoded) {
      encoded =
        encoding === 'br'
          ? brotliCompressSync(file.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(file.body, { level: 9 });
      file.encoded.set(encoding, encoded);
    }
    body = encoded;
    headers['content-encoding'] = encoding;
  }
  headers['content-length'] = String(body.length);
  return c.body(new Uint8Array(body), 200, headers);
}

/** Whether a path belongs to the console (open without a token: the page itself holds no data). */
export function isConsolePath(path: string): boolean {
  return path === '/' || path === '/console' || path.startsWith('/console/');
}

/**
 * Serves the review console built by @cae/console: `GET /` and `GET /console` redirect to
 * `/console/`, which answers the page; its assets follow. Only files of the build are served (no path
 * is joined from the request). A missing build answers 503 saying how to build it.
 */
export function mountConsole(app: Hono, distDir: string): void {
  let files: Map<string, ConsoleFile> | null | undefined;
  const load = () => {
    files ??= readConsoleFiles(distDir);
    return files;
  };
  // Relative redirects keep working when a proxy mounts the engine under a path prefix.
  app.get('/', (c) => c.redirect('console/', 302));
  app.get('/console', (c) => c.redirect('console/', 301));
  app.get('/console/*', (c) => {
    const built = load();
    if (!built) {
      files = undefined;
      throw new CaeError(
        'internal',
        'the review console is not built: run `pnpm build` (it builds apps/console)',
        {
          statusCode: 503,
        },
      );
    }
    const name = c.req.path.slice('/console/'.length) || 'index.html';
    const file = built.get(name);
    if (!file) throw new NotFoundError(`no console file ${c.req.path}`);
    return send(c, file);
  });
}
