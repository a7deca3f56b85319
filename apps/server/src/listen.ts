import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { HearthServer } from './server.ts';

export interface Listening {
  readonly port: number;
  readonly url: string;
  readonly httpServer: Server;
  /**
   * Graceful stop: refuse new connections, let in-flight requests finish (up to `timeoutMs`,
   * then close what is left), and resolve when the server is closed.
   */
  close(timeoutMs?: number): Promise<void>;
}

/** Listens on `port` (0 for an ephemeral port) and `host`. */
export function listen(server: HearthServer, options: { port: number; host?: string }): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const httpServer = serve({ fetch: server.fetch, port: options.port, hostname: options.host }) as Server;
    // Longer than any load balancer's idle timeout, so the balancer closes idle connections first.
    httpServer.keepAliveTimeout = 65_000;
    httpServer.headersTimeout = 66_000;
    httpServer.requestTimeout = 30_000;
    httpServer.once('error', reject);
    httpServer.once('listening', () => {
      const port = (httpServer.address() as AddressInfo).port;
      let closing: Promise<void> | null = null;
      resolve({
        port,
        url: `http://${options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1'}:${port}`,
        httpServer,
        close(timeoutMs = 10_000) {
          closing ??= new Promise<void>((done) => {
            server.draining = true;
            const timer = setTimeout(() => httpServer.closeAllConnections(), timeoutMs);
            // Keep-alive sockets would hold close() open: close each as soon as it is idle (its request done).
            const sweep = setInterval(() => httpServer.closeIdleConnections(), 50);
            httpServer.close(() => {
              clearTimeout(timer);
              clearInterval(sweep);
              server.dispose().then(done, done);
            });
            httpServer.closeIdleConnections();
          });
          return closing;
        },
      });
    });
  });
}
