/** The demo server's Hono app: CORS, the API under /api/, the control API, the forum pages. */
import { type Context, Hono } from 'hono';
import { handleApiRequest } from './api-gate';
import { createApiRoutes } from './api-routes';
import type { DemoApp, DemoContext, DemoEnv } from './context';
import { registerControlRoutes } from './control-routes';
import { cors } from './cors';
import { FORUM_ENGINES } from './forum-pages';
import { registerForumRoutes } from './forum-routes';
import { html, jsonError, text } from './responses';

function homePage(): string {
  const forums = FORUM_ENGINES.map(
    (engine) => `<li><a href="/forum/${engine}">/forum/${engine}</a></li>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Demo game API</title></head>
<body><h1>Demo game API</h1>
<p>API under <code>/api/</code> (header <code>X-API-Key</code>): health, player/{name-or-uuid},
auction/search, leaderboard, players/count.</p>
<p>Demo forums: <a href="/forum/">/forum/</a></p>
<ul>
${forums}
</ul>
<p>Control API: <code>/__demo/log</code>, <code>/__demo/faults</code>, <code>/__demo/reset</code>,
<code>/__demo/online</code>, <code>/__demo/players/{name-or-uuid}</code>, <code>/__demo/auctions</code>.</p>
</body></html>
`;
}

export function createDemoApp(ctx: DemoContext): DemoApp {
  const app: DemoApp = new Hono();
  const routes = createApiRoutes(ctx);

  app.use(cors());

  const api = (c: Context<DemoEnv>) =>
    handleApiRequest(c.req.raw, ctx, routes, () => {
      // The `down` fault: destroy the socket; whatever is returned afterwards is never written.
      c.env.incoming.socket.destroy();
      return text('', 500);
    });
  app.all('/api', api);
  app.all('/api/*', api);

  registerControlRoutes(app, ctx);
  registerForumRoutes(app, ctx);
  app.get('/', () => html(homePage()));

  app.notFound((c) =>
    c.req.path.startsWith('/__demo') ? jsonError(404, 'Not found') : text('Not found', 404),
  );
  app.onError(() => jsonError(500, 'Internal server error'));
  return app;
}
