import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CaeError, type Logger, silentLogger } from '@cae/core';
import { serve } from '@hono/node-server';
import { assertSafeListen } from './caller-auth';

/** Options of startServer. */
export interface StartServerOptions {
  /** The app's fetch handler (`app.fetch` of a Hono app). */
  fetch: (request: Request) => Response | Promise<Response>;
  /** Host to listen on; a non-loopback host needs tokens or `allowUnauthenticated`. */
  host: string;
  /** Port to listen on; 0 picks a free one. */
  port: number;
  /** Caller tokens the app checks; none means the server may listen on loopback only. */
  apiTokens: readonly string[];
  /** Listen beyond loopback without tokens (something in front authenticates callers). */
  allowUnauthenticated?: boolean;
  /** Closes what the app owns (a store, a gateway), once no request is in flight. */
  onClose?: () => Promise<void>;
  /** Milliseconds in-flight requests get to finish after a close begins (default 10,000). */
  shutdownTimeoutMs?: number;
  /** On SIGINT or SIGTERM: close gracefully, then exit the process (0, or 1 when closing failed). */
  handleSignals?: boolean;
  /** Where start, signal and shutdown records go; silent by default. */
  logger?: Logger;
  /** Name in log records and messages (`engine`, `gateway`). */
  name?: string;
}

/** A listening server. */
export interface RunningServer {
  /** `http://host:port` as the socket reports it. */
  url: string;
  port: number;
  /**
   * Graceful shutdown: stops accepting connections, answers 503 to requests that arrive on open
   * connections, waits (bounded) for in-flight requests, then runs `onClose`. Safe to call twice.
   */
  close(): Promise<void>;
}

const SHUTTING_DOWN = JSON.stringify(
  new CaeError('internal', 'the server is shutting down; retry against another instance').toBody(),
);

/**
 * The one bootstrap of both apps: refuses an unsafe listen address, listens, counts in-flight
 * requests, and shuts down gracefully on close() or a signal.
 * @example const server = await startServer({ fetch: app.fetch, host: '127.0.0.1', port: 3001, apiTokens: [] });
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const name = options.name ?? 'server';
  const logger = options.logger ?? silentLogger;
  assertSafeListen(options.host, options.apiTokens, options.allowUnauthenticated ?? false);
  let inFlight = 0;
  let closing: Promise<void> | null = null;
  let drained: (() => void) | null = null;

  const fetch = (request: Request): Response | Promise<Response> => {
    if (closing) {
      return new Response(SHUTTING_DOWN, {
        status: 503,
        headers: { 'content-type': 'application/json', connection: 'close', 'retry-after': '1' },
      });
    }
    return options.fetch(request);
  };

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch, hostname: options.host, port: options.port }, () => resolve(started));
    started.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`${name}: port ${options.port} on ${options.host} is in use; set PORT to another port`)
          : error,
      ),
    );
  });
  // In flight until the response is written (or its connection dies), not merely until the handler
  // returns: the body is still to be sent then.
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${shownHost}:${address.port}`;

  const close = (): Promise<void> => {
    closing ??= (async () => {
      const http = server as unknown as Server;
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      if (inFlight > 0) {
        const timeoutMs = options.shutdownTimeoutMs ?? 10_000;
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(resolve, timeoutMs).unref();
        });
        if (inFlight > 0) logger.log('warn', 'shutdown: requests still running after the wait', { inFlight });
      }
      // Answered keep-alive connections are idle now; whatever still runs after the wait is cut.
      http.closeIdleConnections();
      http.closeAllConnections();
      await stopped;
      await options.onClose?.();
    })();
    return closing;
  };

  if (options.handleSignals) {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        logger.log('info', `${name}: ${signal}, finishing in-flight requests`, { inFlight });
        close().then(
          () => process.exit(0),
          (error: unknown) => {
            logger.log('error', `${name}: shutdown failed`, { error: String(error) });
            process.exit(1);
          },
        );
      });
    }
  }
  return { url, port: address.port, close };
}
