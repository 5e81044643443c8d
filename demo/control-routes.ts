/**
 * The HTTP control API, for tests running in another process and manual sessions. No auth,
 * CORS like everything else, never in the request log.
 *   GET    /__demo/log      the request log (JSON array)
 *   DELETE /__demo/log      clear it
 *   GET    /__demo/faults   the fault switches
 *   PUT    /__demo/faults   merge a JSON body into them (validated; 400 on bad input)
 *   POST   /__demo/reset    faults off, log cleared, online count live, rate-limit windows cleared,
 *                            seeded players and listings back (added ones gone)
 *   GET    /__demo/online   { online, fixed }
 *   PUT    /__demo/online   { "online": number | null }  (null = live value)
 *   PUT    /__demo/players/:nameOrUuid
 *                            merge { online?, kills?, deaths?, playtime_ticks?, balance?, shards?,
 *                            rank?: { id, display, weight } } into the player (player-patch.ts);
 *                            answers the player as GET /api/player would; 404 for an unknown player
 *   POST   /__demo/auctions { seller, material, display_name, amount, price, expires_in_seconds?,
 *                            premium_seconds? } adds a listing (new-listing.ts); 201 with the
 *                            listing as search shows it, its new id included
 *   DELETE /__demo/auctions/:id
 *                            expire that listing now (never returned again); answers it; 404 if unknown
 * Bad input (not JSON, unknown or invalid fields, an unknown seller, a malformed id) is 400 `{error}`.
 */
import { z } from 'zod';
import type { DemoApp, DemoContext } from './context';
import { FaultPatchSchema } from './faults';
import { json, jsonError } from './responses';
import { addListing, type CommandResult, expireListing, seedMarket, setPlayer } from './world-commands';

const OnlineBodySchema = z.strictObject({ online: z.number().int().nonnegative().nullable() });

async function readJson(request: Request): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: await request.json() };
  } catch {
    return { ok: false };
  }
}

const LISTING_ID = /^\d+$/;

function answer<T>(result: CommandResult<T>, status = 200): Response {
  return result.ok ? json(result.value, status) : jsonError(result.status, result.error);
}

export function resetDemoState(ctx: DemoContext): void {
  ctx.faults.reset();
  ctx.log.clear();
  ctx.online.set(null);
  ctx.limiter.reset();
  ctx.data.reset();
}

export function registerControlRoutes(app: DemoApp, ctx: DemoContext): void {
  app.get('/__demo/log', () => json(ctx.log.entries()));
  app.delete('/__demo/log', () => {
    ctx.log.clear();
    return json({ ok: true });
  });

  app.get('/__demo/faults', () => json(ctx.faults.snapshot()));
  app.put('/__demo/faults', async (c) => {
    const body = await readJson(c.req.raw);
    if (!body.ok) return jsonError(400, 'Body must be JSON');
    const patch = FaultPatchSchema.safeParse(body.value);
    if (!patch.success) return jsonError(400, z.prettifyError(patch.error));
    ctx.faults.update(patch.data);
    return json(ctx.faults.snapshot());
  });

  app.post('/__demo/reset', () => {
    resetDemoState(ctx);
    return json({ ok: true });
  });

  const online = () => json({ online: ctx.online.current(), fixed: ctx.online.fixed });
  app.get('/__demo/online', online);
  app.put('/__demo/online', async (c) => {
    const body = await readJson(c.req.raw);
    if (!body.ok) return jsonError(400, 'Body must be JSON');
    const parsed = OnlineBodySchema.safeParse(body.value);
    if (!parsed.success) return jsonError(400, z.prettifyError(parsed.error));
    ctx.online.set(parsed.data.online);
    return online();
  });

  app.put('/__demo/players/:nameOrUuid', async (c) => {
    const body = await readJson(c.req.raw);
    if (!body.ok) return jsonError(400, 'Body must be JSON');
    return answer(setPlayer(ctx.data, c.req.param('nameOrUuid'), body.value));
  });

  app.post('/__demo/auctions', async (c) => {
    const body = await readJson(c.req.raw);
    if (!body.ok) return jsonError(400, 'Body must be JSON');
    return answer(addListing(ctx.data, body.value, ctx.now()), 201);
  });
  app.post('/__demo/market', async (c) => {
    const body = await readJson(c.req.raw);
    if (!body.ok) return jsonError(400, 'Body must be JSON');
    return answer(seedMarket(ctx.data, body.value, ctx.now()), 201);
  });
  app.delete('/__demo/auctions/:id', (c) => {
    const id = c.req.param('id');
    if (!LISTING_ID.test(id)) return jsonError(400, 'The listing id must be a whole number');
    return answer(expireListing(ctx.data, Number(id), ctx.now()));
  });

  app.all('/__demo/*', () => jsonError(404, 'Not found'));
}
