// comlink 4.4.2 ships the Node adapter as an .mjs without a matching .d.mts; this is its shape.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  import type { Endpoint } from 'comlink';

  interface NodeEndpoint {
    postMessage(message: unknown, transfer?: readonly import('node:worker_threads').TransferListItem[]): void;
    on(type: string, listener: (value: unknown) => void): void;
    off(type: string, listener: (value: unknown) => void): void;
    start?: () => void;
  }
  export default function nodeEndpoint(nep: NodeEndpoint): Endpoint;
}
