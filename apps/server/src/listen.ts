import type { Server } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { serve } from '@hono/node-server';
import type { HearthServer } from './server.ts';

export interface ConnectionOptions {
  /** Open connections at most (MAX_CONNECTIONS); a connection over it is closed at once. */
  maxConnections: number;
  /** Keep-alive: an idle connection is closed after this (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** A client must send a request's headers within this (HEADERS_TIMEOUT_MS), else 408 and closed. */
  headersTimeoutMs: number;
  /** A whole request (headers and body) must arrive within this (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** After SIGTERM: /healthz answers 503 and keep-alive clients get `Connection: close` for this long (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** After the drain, requests still running get this long to finish before their connections are closed (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
}

/**
 * Defaults: 1,024 connections (each costs a socket and buffers; without a cap 1,124 idle sockets exhausted the
 * process's descriptors and new clients failed); 5 s keep-alive (Node's default: an idle client gives its socket
 * back quickly; a balancer that keeps idle upstream connections longer must be set below it, as the README's
 * nginx example is); 10 s for headers; 30 s for a whole request; 2 s drain; 10 s for requests to finish.
 */
export const DEFAULT_CONNECTIONS: ConnectionOptions = {
  maxConnections: 1024,
  keepAliveTimeoutMs: 5_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  drainMs: 2_000,
  shutdownTimeoutMs: 10_000,
};

export interface Listening {
  readonly port: number;
  readonly url: string;
  readonly httpServer: Server;
  /**
   * Graceful stop, in order: stop accepting connections and turn /healthz 503 (`server.draining`); for the drain
   * period keep serving the connections already open, every response with `Connection: close`; then close the
   * idle ones; let requests still running finish (up to the shutdown timeout, then close what is left); stop the
   * replay pool. Resolves when all of that is done (early, when every connection has gone before the drain
   * ends). `overrides` replace the drain and shutdown times.
   */
  close(overrides?: number | Partial<Pick<ConnectionOptions, 'drainMs' | 'shutdownTimeoutMs'>>): Promise<void>;
}

/** Listens on `port` (0 for an ephemeral port) and `host`. */
export function listen(
  server: HearthServer,
  options: { port: number; host?: string; connections?: Partial<ConnectionOptions> },
): Promise<Listening> {
  const limits = { ...DEFAULT_CONNECTIONS, ...options.connections };
  return new Promise((resolve, reject) => {
    const httpServer = serve({
      fetch: server.fetch,
      port: options.port,
      hostname: options.host,
      // The header and request timeouts are enforced by a sweep; check every second, not every 30 s.
      serverOptions: { connectionsCheckingInterval: 1000 },
    }) as Server;
    httpServer.keepAliveTimeout = limits.keepAliveTimeoutMs;
    httpServer.headersTimeout = limits.headersTimeoutMs;
    httpServer.requestTimeout = limits.requestTimeoutMs;
    httpServer.maxConnections = limits.maxConnections;
    // Open sockets, for the end of the drain (one listener per connection, nothing per request).
    const sockets = new Set<Socket>();
    httpServer.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    httpServer.once('error', reject);
    httpServer.once('listening', () => {
      const port = (httpServer.address() as AddressInfo).port;
      let closing: Promise<void> | null = null;
      resolve({
        port,
        url: `http://${options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1'}:${port}`,
        httpServer,
        close(overrides) {
          const given = typeof overrides === 'number' ? { shutdownTimeoutMs: overrides } : (overrides ?? {});
          const drainMs = given.drainMs ?? limits.drainMs;
          const shutdownTimeoutMs = given.shutdownTimeoutMs ?? limits.shutdownTimeoutMs;
          closing ??= new Promise<void>((done) => {
            server.draining = true;
            const finish = () => {
              clearTimeout(drain);
              clearTimeout(hardStop);
              server.dispose().then(done, done);
            };
            // Stop accepting now; the callback runs once every connection has ended. net.Server's close, because
            // http.Server's own (Node 19+) also closes every idle keep-alive socket at once, which resets the
            // requests clients are sending on them at that moment.
            net.Server.prototype.close.call(httpServer, finish);
            // Not before the drain ends: a keep-alive client may be sending its next request right now, and
            // closing an idle socket under it would reset that request. During the drain every response says
            // `Connection: close`, so busy clients leave by themselves.
            const drain = setTimeout(() => {
              // Kept-alive sockets between requests, and sockets that never sent a byte: no request is lost.
              httpServer.closeIdleConnections();
              for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
            }, drainMs);
            drain.unref();
            const hardStop = setTimeout(() => httpServer.closeAllConnections(), drainMs + shutdownTimeoutMs);
            hardStop.unref();
          });
          return closing;
        },
      });
    });
  });
}
