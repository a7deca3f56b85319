/**
 * Prometheus text exposition (format 0.0.4) without a client library: counters and one latency
 * histogram, labelled by route pattern and game slug (only registered slugs, so labels stay bounded).
 */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

export interface Metrics {
  /** One finished request: its route pattern, game ('' when none), status and duration in seconds. */
  observe(route: string, game: string, method: string, status: number, seconds: number): void;
  /** One refusal the API answered with ok:false (engine refusals and request errors alike). */
  refusal(route: string, game: string, reason: string): void;
  render(): string;
}

export function createMetrics(): Metrics {
  const requests = new Map<string, number>();
  const refusals = new Map<string, number>();
  const latency = new Map<string, Histogram>();
  const started = Date.now();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  return {
    observe(route, game, method, status, seconds) {
      bump(requests, `route="${route}",game="${game}",method="${method}",status="${status}"`);
      const key = `route="${route}",game="${game}"`;
      let h = latency.get(key);
      if (!h) {
        h = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
        latency.set(key, h);
      }
      for (let i = 0; i < BUCKETS.length; i++) if (seconds <= (BUCKETS[i] as number)) (h.counts[i] as number)++;
      h.sum += seconds;
      h.count++;
    },
    refusal(route, game, reason) {
      bump(refusals, `route="${route}",game="${game}",reason="${reason}"`);
    },
    render() {
      const lines: string[] = [];
      lines.push('# HELP hearth_http_requests_total HTTP requests by route pattern, game, method and status.');
      lines.push('# TYPE hearth_http_requests_total counter');
      for (const [labels, n] of requests) lines.push(`hearth_http_requests_total{${labels}} ${n}`);
      lines.push('# HELP hearth_refusals_total Answers with ok:false (illegal actions, invalid states, bad requests) by reason.');
      lines.push('# TYPE hearth_refusals_total counter');
      for (const [labels, n] of refusals) lines.push(`hearth_refusals_total{${labels}} ${n}`);
      lines.push('# HELP hearth_http_request_duration_seconds Time from request to response by route pattern and game.');
      lines.push('# TYPE hearth_http_request_duration_seconds histogram');
      for (const [labels, h] of latency) {
        for (let i = 0; i < BUCKETS.length; i++) {
          lines.push(`hearth_http_request_duration_seconds_bucket{${labels},le="${BUCKETS[i]}"} ${h.counts[i]}`);
        }
        lines.push(`hearth_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${h.count}`);
        lines.push(`hearth_http_request_duration_seconds_sum{${labels}} ${h.sum}`);
        lines.push(`hearth_http_request_duration_seconds_count{${labels}} ${h.count}`);
      }
      const mem = process.memoryUsage();
      lines.push('# HELP process_resident_memory_bytes Resident memory size in bytes.');
      lines.push('# TYPE process_resident_memory_bytes gauge');
      lines.push(`process_resident_memory_bytes ${mem.rss}`);
      lines.push('# HELP nodejs_heap_used_bytes V8 heap in use in bytes.');
      lines.push('# TYPE nodejs_heap_used_bytes gauge');
      lines.push(`nodejs_heap_used_bytes ${mem.heapUsed}`);
      lines.push('# HELP process_uptime_seconds Seconds since the server started.');
      lines.push('# TYPE process_uptime_seconds gauge');
      lines.push(`process_uptime_seconds ${(Date.now() - started) / 1000}`);
      return `${lines.join('\n')}\n`;
    },
  };
}
