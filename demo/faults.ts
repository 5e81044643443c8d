/**
 * Fault switches: ways to make the demo API misbehave on purpose. All off by default. They
 * apply to API requests (under /api/) before authentication, because a broken server is broken
 * for everyone, in this order: latency, down, redirectTo, status, rateLimited,
 * auctionUnavailable; then the normal answer, whose body `body` replaces when it is a 200.
 * `endpoints` scopes all of them at once (null = every endpoint, 'other' included).
 */
import { z } from 'zod';
import type { Endpoint } from './request-log';

export type { Endpoint } from './request-log';
export const ENDPOINTS = ['health', 'player', 'auction', 'leaderboard', 'count', 'other'] as const;
export const BODY_FAULTS = ['html', 'empty', 'truncated', 'wrong-shape', 'huge'] as const;
export type BodyFault = (typeof BODY_FAULTS)[number];

export interface FaultState {
  /** Delay before answering, in ms (0 = none). */
  latencyMs: number;
  /** Force 429; `retryAfter` is sent verbatim as Retry-After ('30', an HTTP date, 'soon'), null = no header. */
  rateLimited: null | { retryAfter: string | null };
  /** Auction search answers 503 with an HTML body. */
  auctionUnavailable: boolean;
  /** 200 answers replaced: HTML text, empty body, JSON cut in half, valid JSON of the wrong shape, ~5 MB JSON. */
  body: null | BodyFault;
  /** Answer this status with a small HTML body. */
  status: null | number;
  /** Answer 302 to this URL. */
  redirectTo: null | string;
  /** Destroy the socket without answering (a network error for the client). */
  down: boolean;
  /** Scope of all the above; null = every endpoint. */
  endpoints: null | Endpoint[];
}

/** A partial update of the switches, as accepted by PUT /__demo/faults; unknown fields are refused. */
export const FaultPatchSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  rateLimited: z.strictObject({ retryAfter: z.string().nullable() }).nullable().optional(),
  auctionUnavailable: z.boolean().optional(),
  body: z.enum(BODY_FAULTS).nullable().optional(),
  status: z.number().int().min(200).max(599).nullable().optional(),
  redirectTo: z.string().min(1).nullable().optional(),
  down: z.boolean().optional(),
  endpoints: z.array(z.enum(ENDPOINTS)).nullable().optional(),
});
export type FaultPatch = z.infer<typeof FaultPatchSchema>;

export function defaultFaultState(): FaultState {
  return {
    latencyMs: 0,
    rateLimited: null,
    auctionUnavailable: false,
    body: null,
    status: null,
    redirectTo: null,
    down: false,
    endpoints: null,
  };
}

/** The live, mutable switches: set fields directly (`faults.down = true`) or through `update()`. */
export class Faults implements FaultState {
  latencyMs = 0;
  rateLimited: null | { retryAfter: string | null } = null;
  auctionUnavailable = false;
  body: null | BodyFault = null;
  status: null | number = null;
  redirectTo: null | string = null;
  down = false;
  endpoints: null | Endpoint[] = null;

  /** The answers held back, while a test holds them (not a switch of PUT /__demo/faults). */
  #hold: { done: Promise<void>; release: () => void } | null = null;

  /** Every switch back off, and any held answers let go. */
  reset(): void {
    this.update(defaultFaultState());
    this.#hold?.release();
  }

  /**
   * Holds back every covered answer (after its latency) until the returned function is called or
   * the switches are reset: a clock the test controls, where a latency would race the test's steps.
   */
  holdAnswers(): () => void {
    this.#hold?.release();
    let release = () => {};
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hold = {
      done,
      release: () => {
        if (this.#hold === hold) this.#hold = null;
        release();
      },
    };
    this.#hold = hold;
    return hold.release;
  }

  /** Resolves when a covered answer may go on (at once unless answers are held). */
  held(): Promise<void> {
    return this.#hold?.done ?? Promise.resolve();
  }

  /** Merges the given fields into the switches (absent fields unchanged). */
  update(patch: FaultPatch): void {
    if (patch.latencyMs !== undefined) this.latencyMs = patch.latencyMs;
    if (patch.rateLimited !== undefined) this.rateLimited = patch.rateLimited && { ...patch.rateLimited };
    if (patch.auctionUnavailable !== undefined) this.auctionUnavailable = patch.auctionUnavailable;
    if (patch.body !== undefined) this.body = patch.body;
    if (patch.status !== undefined) this.status = patch.status;
    if (patch.redirectTo !== undefined) this.redirectTo = patch.redirectTo;
    if (patch.down !== undefined) this.down = patch.down;
    if (patch.endpoints !== undefined) this.endpoints = patch.endpoints && [...patch.endpoints];
  }

  /** A plain copy, for JSON. */
  snapshot(): FaultState {
    return {
      latencyMs: this.latencyMs,
      rateLimited: this.rateLimited && { ...this.rateLimited },
      auctionUnavailable: this.auctionUnavailable,
      body: this.body,
      status: this.status,
      redirectTo: this.redirectTo,
      down: this.down,
      endpoints: this.endpoints && [...this.endpoints],
    };
  }

  /** Whether the switches apply to a request for `endpoint`. */
  covers(endpoint: Endpoint): boolean {
    return this.endpoints === null || this.endpoints.includes(endpoint);
  }
}
