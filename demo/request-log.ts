/** The log of API traffic (paths under /api/ only; no preflights, control or forum requests). */

export type Endpoint = 'health' | 'player' | 'auction' | 'leaderboard' | 'count' | 'other';

export interface RequestLogEntry {
  /** `now()` when the request arrived, in ms. */
  time: number;
  method: string;
  /** The path as requested (still percent-encoded), without the query. */
  path: string;
  /** Query parameters; for a repeated name, its first value. */
  query: Record<string, string>;
  /** The status actually sent; 0 when the `down` fault dropped the connection. */
  status: number;
  /** An `X-API-Key` header with a non-empty value was sent. */
  hadKey: boolean;
  keyValid: boolean;
  endpoint: Endpoint;
}

/** Oldest entries are dropped beyond this, so a long-running demo does not grow without bound. */
export const REQUEST_LOG_MAX = 10_000;

export class RequestLog {
  #entries: RequestLogEntry[] = [];

  add(entry: RequestLogEntry): void {
    this.#entries.push(entry);
    if (this.#entries.length > REQUEST_LOG_MAX)
      this.#entries.splice(0, this.#entries.length - REQUEST_LOG_MAX);
  }

  entries(): RequestLogEntry[] {
    return this.#entries.map((entry) => ({ ...entry, query: { ...entry.query } }));
  }

  clear(): void {
    this.#entries = [];
  }
}

export function classifyEndpoint(path: string): Endpoint {
  if (path === '/api/health') return 'health';
  if (path === '/api/player' || path.startsWith('/api/player/')) return 'player';
  if (path === '/api/auction/search') return 'auction';
  if (path === '/api/leaderboard') return 'leaderboard';
  if (path === '/api/players/count') return 'count';
  return 'other';
}
