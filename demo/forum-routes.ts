/**
 * Demo forum pages for the extension's hover cards: GET /forum/ links each engine, GET
 * /forum/:engine?count=N renders one (forum-pages.ts) mentioning the demo players, fixtures
 * first; /forum/display-names and /forum/outside-links show display names and links to
 * other sites. `count`: default 20, 0 to 10000 (above is capped; non-numeric → the default).
 * Served whatever the Host header (127.0.0.1 and localhost alike).
 */
import type { DemoApp, DemoContext } from './context';
import { forumNames } from './data';
import {
  FORUM_ENGINES,
  type ForumEngine,
  renderDisplayNamePage,
  renderForumPage,
  renderOutsideLinksPage,
} from './forum-pages';
import { renderHostileForumPage } from './hostile-forum-page';
import { html } from './responses';

export const FORUM_COUNT_DEFAULT = 20;
export const FORUM_COUNT_MAX = 10_000;

function isEngine(value: string): value is ForumEngine {
  return (FORUM_ENGINES as readonly string[]).includes(value);
}

function parseCount(raw: string | undefined): number {
  const text = raw?.trim() ?? '';
  return /^\d+$/.test(text) ? Math.min(Number(text), FORUM_COUNT_MAX) : FORUM_COUNT_DEFAULT;
}

function indexPage(): string {
  const links = [...FORUM_ENGINES, 'display-names', 'outside-links']
    .map((page) => `<li><a href="/forum/${page}">${page}</a></li>`)
    .join('\n');
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Demo forums</title></head>\n<body><h1>Demo forums</h1>\n<ul>\n${links}\n</ul>\n</body></html>\n`;
}

export function registerForumRoutes(app: DemoApp, ctx: DemoContext): void {
  const names = forumNames(ctx.data);
  app.get('/forum', () => html(indexPage()));
  app.get('/forum/', () => html(indexPage()));
  // --- Security tests (tests/e2e/hostile-pages.spec.ts): a thread whose own script attacks
  // the extension. Registered before /forum/:engine, which would otherwise take the path.
  app.get('/forum/hostile', () => html(renderHostileForumPage(names)));
  // --- End of the security-test page.
  // Members shown by display names, and posts linking to other sites (tests/e2e/forum-names.spec.ts).
  app.get('/forum/display-names', () => html(renderDisplayNamePage({ names })));
  app.get('/forum/outside-links', () => html(renderOutsideLinksPage({ names })));
  app.get('/forum/:engine', (c) => {
    const engine = c.req.param('engine');
    if (!isEngine(engine))
      return html('<!doctype html>\n<title>Not found</title><h1>Unknown forum engine</h1>\n', 404);
    return html(renderForumPage(engine, { names, count: parseCount(c.req.query('count')) }));
  });
}
