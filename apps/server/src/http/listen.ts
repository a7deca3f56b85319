import { createServer, type Server } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import type { HearthServer } from '../server.ts';
import { mountNode } from './node.ts';

export interface ConnectionOptions {
  /** Open connections at most (MAX_CONNECTIONS); a connection over it is closed at once. */
  maxConnections: number;
  /** Keep-alive: an idle connection is closed after this (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** A client must send a request's headers within this (HEADERS_TIMEOUT_MS), else 408 and closed. */
  headersTimeoutMs: number;
  /** A whole request (headers and body) must arrive within this (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /**
   * After SIGTERM, for this long (SHUTDOWN_DRAIN_MS) the server still accepts and serves connections while
   * /readyz and /healthz answer 503 and every response says `Connection: close`, so a balancer polling
   * readiness takes the instance out before it stops listening.
   */
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
  /** The operators' listener (ADMIN_PORT: /metrics and detailed health open there), when asked for. */
  readonly admin: { readonly port: number; readonly httpServer: Server } | null;
  /**
   * Graceful stop, in order: readiness turns 503 (`server.draining`) while the server goes on accepting and
   * serving for the drain period, every response with `Connection: close` (so nothing that reaches the socket
   * in that time is reset, and a poller sees the 503); then it stops accepting, closes idle connections, lets
   * requests still running finish (up to the shutdown timeout, then closes what is left) and stops the replay
   * pool. Resolves when all of that is done. `overrides` replace the drain and shutdown times; a second call
   * with `drainMs: 0` during the drain ends it at once (main.ts: a second SIGTERM).
   */
  close(overrides?: number | Partial<Pick<ConnectionOptions, 'drainMs' | 'shutdownTimeoutMs'>>): Promise<void>;
}

/** Listens on `port` (0 for an ephemeral port) and `host`, node:http mounting the server's handler directly. */
export function listen(
  server: HearthServer,
  options: {
    port: number;
    host?: string;
    connections?: Partial<ConnectionOptions>;
    admin?: { port: number; host?: string } | null;
  },
): Promise<Listening> {
  const limits = { ...DEFAULT_CONNECTIONS, ...options.connections };
  return new Promise((resolve, reject) => {
    let admin: Listening['admin'] = null;
    // The header and request timeouts are enforced by a sweep; check every second, not every 30 s.
    const httpServer = createServer({ connectionsCheckingInterval: 1000 }, mountNode(server.handler, { hostname: options.host }));
    httpServer.listen(options.port, options.host);
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
    httpServer.once('listening', async () => {
      const port = (httpServer.address() as AddressInfo).port;
      if (options.admin) {
        try {
          admin = await listenAdmin(server, options.admin);
        } catch (error) {
          httpServer.close();
          reject(error);
          return;
        }
      }
      let closing: Promise<void> | null = null;
      let endDrain: (() => void) | undefined;
      resolve({
        port,
        url: `http://${options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1'}:${port}`,
        httpServer,
        admin,
        close(overrides) {
          const given = typeof overrides === 'number' ? { shutdownTimeoutMs: overrides } : (overrides ?? {});
          const drainMs = given.drainMs ?? limits.drainMs;
          const shutdownTimeoutMs = given.shutdownTimeoutMs ?? limits.shutdownTimeoutMs;
          // Called again during the drain with drainMs 0 (a second SIGTERM): stop accepting now.
          if (closing && given.drainMs === 0) endDrain?.();
          closing ??= new Promise<void>((done) => {
            server.draining = true;
            let hardStop: NodeJS.Timeout | undefined;
            const finish = () => {
              clearTimeout(hardStop);
              server.dispose().then(done, done);
            };
            let stopped = false;
            const stopAccepting = () => {
              if (stopped) return;
              stopped = true;
              clearTimeout(drain);
              // net.Server's close: http.Server's own (Node 19+) also closes every idle keep-alive socket at
              // once, which resets a request a client is sending on one at that moment. The callback runs once
              // every connection has ended.
              net.Server.prototype.close.call(httpServer, finish);
              admin?.httpServer.close();
              admin?.httpServer.closeAllConnections();
              // Kept-alive sockets between requests (every response of the drain said Connection: close, so a
              // busy client has left already), and sockets that never sent a byte: no request is lost.
              httpServer.closeIdleConnections();
              for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
              hardStop = setTimeout(() => httpServer.closeAllConnections(), shutdownTimeoutMs);
              hardStop.unref();
            };
            // Still accepting during the drain: a connection in the accept queue, or a request a balancer sends
            // before it has seen the 503, is served (with Connection: close), not reset.
            const drain = drainMs > 0 ? setTimeout(stopAccepting, drainMs) : undefined;
            endDrain = stopAccepting;
            if (drainMs === 0) stopAccepting();
          });
          return closing;
        },
      });
    });
  });
}

/** The operators' listener: the same handler, every request marked as an operator's (health.ts isOperator). */
function listenAdmin(server: HearthServer, at: { port: number; host?: string }): Promise<{ port: number; httpServer: Server }> {
  return new Promise((resolve, reject) => {
    const hostname = at.host ?? '127.0.0.1';
    const httpServer = createServer(mountNode(server.handler, { hostname, admin: true }));
    httpServer.once('error', reject);
    httpServer.once('listening', () => resolve({ port: (httpServer.address() as AddressInfo).port, httpServer }));
    httpServer.listen(at.port, hostname);
  });
}
