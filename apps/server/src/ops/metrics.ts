import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics through prom-client, on a registry of this server's own (tests run several servers in one
 * process): the request counter and latency histogram labelled by route pattern and game slug (only
 * registered slugs, so labels stay bounded), refusals by reason, the replay pool's queue, and prom-client's
 * default process metrics, event-loop lag (nodejs_eventloop_lag_*) included. The names of the metrics this
 * server had before prom-client are kept.
 */
export interface Metrics {
  /** One finished request: its route pattern, game ('' when none), status and duration in seconds. */
  observe(route: string, game: string, method: string, status: number, seconds: number): void;
  /** One refusal the API answered with ok:false (engine refusals and request errors alike). */
  refusal(route: string, game: string, reason: string): void;
  /** One database statement: its duration in seconds and whether it failed (the store's onQuery). */
  dbQuery(seconds: number, failed: boolean): void;
  /** Where the database pool's connection counts come from (the store's stats(); null on SQLite). */
  watchPool(stats: () => { max: number; total: number; idle: number; waiting: number } | null): void;
  /** The exposition text (format 0.0.4). */
  render(): Promise<string>;
  readonly contentType: string;
}

const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export function createMetrics(replay?: { readonly queued: number; readonly running: number }): Metrics {
  const register = new Registry();
  collectDefaultMetrics({ register });
  // Registered in this order, which is the exposition's.
  const http = httpMetrics(register);
  processGauges(register, replay);
  const db = databaseMetrics(register);
  return {
    ...http,
    ...db,
    render: () => register.metrics(),
    contentType: register.contentType,
  };
}

/** Requests, refusals and latency by route pattern and game; children by label values made once (prom-client hashes a label object on every call otherwise). */
function httpMetrics(register: Registry): Pick<Metrics, 'observe' | 'refusal'> {
  const requests = new Counter({
    name: 'hearth_http_requests_total',
    help: 'HTTP requests by route pattern, game, method and status.',
    labelNames: ['route', 'game', 'method', 'status'] as const,
    registers: [register],
  });
  const refusals = new Counter({
    name: 'hearth_refusals_total',
    help: 'Answers with ok:false (illegal actions, invalid states, bad requests) by reason.',
    labelNames: ['route', 'game', 'reason'] as const,
    registers: [register],
  });
  const latency = new Histogram({
    name: 'hearth_http_request_duration_seconds',
    help: 'Time from request to response by route pattern and game.',
    labelNames: ['route', 'game'] as const,
    buckets: BUCKETS,
    registers: [register],
  });
  const requestChildren = new Map<string, Counter.Internal>();
  const latencyChildren = new Map<string, Histogram.Internal<'route' | 'game'>>();
  const refusalChildren = new Map<string, Counter.Internal>();
  return {
    observe(route, game, method, status, seconds) {
      const key = `${route}\n${game}`;
      const statusKey = `${key}\n${method}\n${status}`;
      let count = requestChildren.get(statusKey);
      if (!count) {
        count = requests.labels(route, game, method, String(status));
        requestChildren.set(statusKey, count);
      }
      count.inc();
      let timing = latencyChildren.get(key);
      if (!timing) {
        timing = latency.labels(route, game);
        latencyChildren.set(key, timing);
      }
      timing.observe(seconds);
    },
    refusal(route, game, reason) {
      const key = `${route}\n${game}\n${reason}`;
      let child = refusalChildren.get(key);
      if (!child) {
        child = refusals.labels(route, game, reason);
        refusalChildren.set(key, child);
      }
      child.inc();
    },
  };
}

/** The heap and uptime gauges kept from before prom-client, and the replay pool's jobs when there is a pool. */
function processGauges(register: Registry, replay: { readonly queued: number; readonly running: number } | undefined): void {
  // Kept from before prom-client (its default names differ: nodejs_heap_size_used_bytes, process_start_time_seconds).
  new Gauge({
    name: 'nodejs_heap_used_bytes',
    help: 'V8 heap in use in bytes.',
    registers: [register],
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  const started = Date.now();
  new Gauge({
    name: 'process_uptime_seconds',
    help: 'Seconds since the server started.',
    registers: [register],
    collect() {
      this.set((Date.now() - started) / 1000);
    },
  });
  if (replay) {
    new Gauge({
      name: 'hearth_replay_jobs',
      help: 'Replay pool jobs (/verify, runs) by state: waiting for a thread, or running on one.',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        this.set({ state: 'queued' }, replay.queued);
        this.set({ state: 'running' }, replay.running);
      },
    });
  }
}

/** Database statements by outcome, and the PostgreSQL pool's connections once the store is watched. */
function databaseMetrics(register: Registry): Pick<Metrics, 'dbQuery' | 'watchPool'> {
  const dbLatency = new Histogram({
    name: 'hearth_db_query_duration_seconds',
    help: 'Database statements by outcome (ok, error), time from sending to the answer.',
    labelNames: ['outcome'] as const,
    buckets: BUCKETS,
    registers: [register],
  });
  const dbOk = dbLatency.labels('ok');
  const dbError = dbLatency.labels('error');
  let pool: (() => { max: number; total: number; idle: number; waiting: number } | null) | null = null;
  new Gauge({
    name: 'hearth_db_pool_connections',
    help: 'PostgreSQL pool connections by state: open (total), idle, waiting (queries waiting for one), max (pool size).',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      const now = pool?.();
      if (!now) return;
      for (const state of ['max', 'total', 'idle', 'waiting'] as const) this.set({ state }, now[state]);
    },
  });
  return {
    dbQuery(seconds, failed) {
      (failed ? dbError : dbOk).observe(seconds);
    },
    watchPool(stats) {
      pool = stats;
    },
  };
}
