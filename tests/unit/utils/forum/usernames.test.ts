import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_DISPLAY_NAMES,
  DEMO_OUTSIDE_LINKS,
  FORUM_ENGINE_LABELS,
  FORUM_ENGINES,
  FORUM_SPECIAL_NAMES,
  type ForumEngine,
  renderDisplayNamePage,
  renderForumPage,
  renderOutsideLinksPage,
} from '@/demo/forum-pages';
import { isGameName } from '@/utils/api/identifiers';
import {
  ALL_ENGINES_SELECTOR,
  detectForumEngine,
  FORUM_ENGINE_NAMES,
  findUsername,
  isValidSelector,
} from '@/utils/forum/usernames';

const NAMES = ['Steve', 'Alex', 'Notch', 'Herobrine', 'jeb_', 'Dinnerbone', 'xX_Builder_Xx'] as const;

/** Post number → the post's author link, as each engine marks it up. */
const AUTHOR_SELECTOR: Readonly<Record<ForumEngine, (post: number) => string>> = {
  xenforo: (n) => `#js-post-${n} .message-name a`,
  discourse: (n) => `#post_${n} .names a`,
  phpbb: (n) => `#p${n} .postprofile a`,
  namelessmc: (n) => `#post-${n} h3.ui.header a`,
  flarum: (n) => `[data-number="${n}"] .PostUser-name a`,
};

/** The rendered posts of a page (not the template's), counted in the HTML string. */
const POST_PATTERN: Readonly<Record<ForumEngine, RegExp>> = {
  xenforo: /<article class="message message--post js-post"[^>]* id="js-post-\d+"/g,
  discourse: /<article id="post_\d+"/g,
  phpbb: /<div id="p\d+" class="post has-profile/g,
  namelessmc: /<div class="ui padded segment" id="post-\d+"/g,
  flarum: /<div class="PostStream-item" data-number="\d+"/g,
};

/** Mentions in post bodies (phpBB quotes instead). */
const MENTION_SELECTOR: Readonly<Record<Exclude<ForumEngine, 'phpbb'>, string>> = {
  xenforo: '.bbWrapper a[data-username]',
  discourse: '.cooked a.mention',
  namelessmc: '.forum_post a',
  flarum: 'a.UserMention',
};

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

function snippet(html: string): Element {
  return parse(`<!doctype html><body>${html}</body>`).body;
}

function one(root: ParentNode, selector: string): Element {
  const element = root.querySelector(selector);
  if (element === null) throw new Error(`nothing matches ${selector}`);
  return element;
}

function nameAt(target: EventTarget | null, customSelector?: string): string | null {
  return findUsername(target, customSelector)?.name ?? null;
}

function firstText(element: Element): Text {
  const walker = element.ownerDocument.createTreeWalker(element, 4 /* NodeFilter.SHOW_TEXT */);
  const node = walker.nextNode();
  if (node === null) throw new Error('no text node');
  return node as Text;
}

/** The name a link shows (Flarum's author link also holds the avatar's letter). */
function shownName(link: Element): string | null {
  return (link.querySelector('.username') ?? link).textContent;
}

const pages = new Map<ForumEngine, Document>();
function page(engine: ForumEngine): Document {
  let document = pages.get(engine);
  if (document === undefined) {
    document = parse(renderForumPage(engine, { names: NAMES, count: 24 }));
    pages.set(engine, document);
  }
  return document;
}

describe('forum engine selectors', () => {
  it('lists the five engines the demo pages render', () => {
    expect([...FORUM_ENGINE_NAMES]).toEqual([...FORUM_ENGINES]);
  });

  it('the union is valid and holds each selector once', () => {
    expect(isValidSelector(ALL_ENGINES_SELECTOR)).toBe(true);
    const union = ALL_ENGINES_SELECTOR.split(', ');
    expect(new Set(union).size).toBe(union.length);
    expect(union).toEqual(
      expect.arrayContaining([
        'a.username',
        '[data-xf-init~="member-tooltip"]',
        '[data-user-card]',
        'a.mention',
        'a.username-coloured',
        'a[href*="/profile/"]',
        '.username',
        'a.UserMention',
        'a[href*="/u/"]',
      ]),
    );
  });
});

describe('isValidSelector', () => {
  it.each(['a.username', '.x, .y > z', '[data-user-card]', 'a[href*="/u/"]', 'li:nth-child(2n+1) a'])(
    'accepts %s',
    (selector) => {
      expect(isValidSelector(selector)).toBe(true);
    },
  );

  it.each(['', '   ', 'a[', '[[[', 'a,', ',a', '>>>', 'a..b', ':nope('])('rejects %j', (selector) => {
    expect(isValidSelector(selector)).toBe(false);
  });
});

describe.each(FORUM_ENGINES)('%s demo page', (engine) => {
  const author = (post: number) => one(page(engine), AUTHOR_SELECTOR[engine](post));

  it('resolves post authors to the names, each in turn', () => {
    // Every 4th post is by a special name; the given names take turns in the others.
    const authors = [1, 2, 3, 5, 6, 7, 9, 10, 11].map((post) => nameAt(author(post)));
    expect(authors).toEqual([...NAMES, 'Steve', 'Alex']);
  });

  it('resolves from deep inside the link: a descendant element and a text node', () => {
    const link = author(1);
    const match = findUsername(firstText(link));
    expect(match?.name).toBe('Steve');
    expect(link.contains(match?.element ?? null)).toBe(true);
    const inner = link.querySelector('span:last-child') ?? link;
    expect(nameAt(inner)).toBe('Steve');
  });

  it('never resolves the names that are not game names', () => {
    // Posts 4, 8, 12, 16 are by the display name, the short, long and non-ASCII names.
    for (const post of [4, 8, 12, 16]) expect(nameAt(author(post)), `post ${post}`).toBeNull();
    expect(shownName(author(4))).toBe(FORUM_SPECIAL_NAMES.displayName);
    expect(shownName(author(8))).toBe(FORUM_SPECIAL_NAMES.tooShort);
    expect(shownName(author(12))).toBe(FORUM_SPECIAL_NAMES.tooLong);
    expect(shownName(author(16))).toBe(FORUM_SPECIAL_NAMES.nonAscii);
  });

  it("carries the engine's own page marker", () => {
    expect(detectForumEngine(page(engine))).toBe(engine);
  });

  it('resolves the valid-looking unknown name (for the 404 card)', () => {
    expect(nameAt(author(20))).toBe(FORUM_SPECIAL_NAMES.unknown);
  });

  it('every username element resolves to a shown name or to nothing', () => {
    const document = page(engine);
    const known = new Set([...NAMES, FORUM_SPECIAL_NAMES.unknown].map((name) => name.toLowerCase()));
    const resolved = new Set<string>();
    let nulls = 0;
    for (const element of Array.from(document.querySelectorAll(ALL_ENGINES_SELECTOR))) {
      const name = nameAt(element);
      if (name === null) nulls += 1;
      else {
        expect(isGameName(name)).toBe(true);
        expect(known.has(name.toLowerCase()), name).toBe(true);
        resolved.add(name.toLowerCase());
      }
    }
    expect(nulls).toBeGreaterThan(0);
    expect(resolved).toEqual(known);
  });

  it('has the page furniture: colour scheme, heading, button, fixed scrollable sidebar', () => {
    const document = page(engine);
    expect(one(document, 'meta[name="color-scheme"]').getAttribute('content')).toBe('light dark');
    expect(one(document, 'h1').textContent).toContain(FORUM_ENGINE_LABELS[engine]);
    const button = one(document, 'button#load-newer');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.textContent).toBe('Load newer posts');
    const sidebar = one(document, 'div#sidebar');
    const style = sidebar.getAttribute('style') ?? '';
    expect(style).toContain('position:fixed');
    expect(style).toContain('overflow:auto');
    const names = Array.from(sidebar.querySelectorAll(ALL_ENGINES_SELECTOR)).map((element) =>
      nameAt(element),
    );
    expect(names).toEqual(expect.arrayContaining(['Steve', 'Alex', FORUM_SPECIAL_NAMES.unknown]));
    expect(document.body.textContent).toContain(FORUM_SPECIAL_NAMES.displayName);
  });

  it('its page script builds posts without HTML strings', () => {
    const scripts = Array.from(page(engine).querySelectorAll('script')).map(
      (script) => script.textContent ?? '',
    );
    expect(scripts.join('')).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
  });

  it('puts no tabindex on username links, except where the engine does (Discourse avatars)', () => {
    const withTabindex = Array.from(page(engine).querySelectorAll(`:is(${ALL_ENGINES_SELECTOR})[tabindex]`));
    if (engine === 'discourse') {
      expect(withTabindex.length).toBeGreaterThan(0);
      for (const element of withTabindex) {
        expect(element.matches('a.main-avatar[aria-hidden="true"]')).toBe(true);
        expect(element.getAttribute('tabindex')).toBe('-1');
      }
    } else {
      expect(withTabindex).toEqual([]);
    }
  });

  // How fast a big page loads is the bench's business (bench/figures/forum-script-time.ts), not a unit test's.
  it('renders 10,000 posts, compactly', () => {
    const html = renderForumPage(engine, { names: NAMES, count: 10_000 });
    expect(html.match(POST_PATTERN[engine])?.length).toBe(10_000);
    expect(html.length / 10_000).toBeLessThan(1_200); // bytes per post, page furniture included
  }, 60_000);

  it('renders exactly `count` posts, clamping nonsense counts', () => {
    const count = (n: number) =>
      renderForumPage(engine, { names: NAMES, count: n }).match(POST_PATTERN[engine])?.length ?? 0;
    expect(count(0)).toBe(0);
    expect(count(1)).toBe(1);
    expect(count(7.9)).toBe(7);
    expect(count(-3)).toBe(0);
    expect(count(Number.NaN)).toBe(0);
    expect(
      parse(renderForumPage(engine, { names: NAMES, count: 30 })).querySelectorAll('#thread-posts > *')
        .length,
    ).toBe(30);
  });

  it('escapes whatever names it is given', () => {
    const hostile = ['<img src=x onerror=alert(1)>', '"quoted\' name', '</script><b>x</b>', 'Steve'];
    const html = renderForumPage(engine, { names: hostile, count: 12 });
    const document = parse(html);
    expect(document.querySelector('img[src="x"], b')).toBeNull();
    const data: unknown = JSON.parse(one(document, '#forum-data').textContent ?? '');
    expect(data).toMatchObject({ users: hostile.map((name) => ({ name })) });
    expect(document.body.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});

describe.each(FORUM_ENGINES)('%s "Load newer posts"', (engine) => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('appends 3 posts whose usernames resolve', () => {
    const parsed = parse(renderForumPage(engine, { names: NAMES, count: 6 }));
    document.body.replaceChildren(
      ...Array.from(parsed.body.childNodes, (node) => document.importNode(node, true)),
    );
    const script = Array.from(document.querySelectorAll('script:not([type])')).at(-1)?.textContent ?? '';
    // The page script, run as the browser would (happy-dom does not run parsed scripts).
    new Function(script)();
    const posts = one(document, '#thread-posts');
    expect(posts.children.length).toBe(6);
    (one(document, '#load-newer') as HTMLButtonElement).click();
    expect(posts.children.length).toBe(9);
    expect(one(document, '#load-status').textContent).toBe('3 newer posts loaded.');

    // Posts 1-6 were by five of the names (post 4 by a special one): the turns go on.
    const authors = [7, 8, 9].map((post) => nameAt(one(document, AUTHOR_SELECTOR[engine](post))));
    expect(authors).toEqual(['Dinnerbone', 'xX_Builder_Xx', 'Steve']);
    const added = Array.from(posts.children).slice(6);
    for (const post of added) expect(post.outerHTML).not.toMatch(/__[A-Za-z]+__/);
    if (engine !== 'phpbb') {
      const mentions = added.flatMap((post) => Array.from(post.querySelectorAll(MENTION_SELECTOR[engine])));
      expect(mentions.map((mention) => nameAt(mention))).toEqual(['xX_Builder_Xx', 'Steve', 'Alex']);
    }
    (one(document, '#load-newer') as HTMLButtonElement).click();
    expect(posts.children.length).toBe(12);
  });
});

describe('findUsername on each engine', () => {
  it('XenForo: author (span in link), avatar (letter with a label) and mention without @', () => {
    const document = page('xenforo');
    const link = one(document, '#js-post-1 .message-name a.username');
    const span = one(link, 'span.username--style2');
    expect(findUsername(span)).toEqual({ element: link, name: 'Steve' });
    const avatar = one(document, '#js-post-1 .message-avatar a.avatar');
    expect(findUsername(one(avatar, '[role="img"]'))).toEqual({ element: avatar, name: 'Steve' });
    const mention = one(document, '#js-post-2 .bbWrapper a[data-username]');
    expect(mention.getAttribute('data-username')).toBe('@Notch');
    expect(findUsername(firstText(mention))).toEqual({ element: mention, name: 'Notch' });
    expect(nameAt(one(document, '#js-post-1 .message-userTitle'))).toBeNull();
    expect(nameAt(one(document, '#js-post-1 .bbWrapper'))).toBeNull();
  });

  it('Discourse: the text-less avatar resolves through data-user-card', () => {
    const document = page('discourse');
    const avatar = one(document, '#post_1 a.trigger-user-card.main-avatar');
    const image = one(avatar, 'img');
    expect(image.getAttribute('alt')).toBe('');
    expect(avatar.textContent).toBe('');
    expect(findUsername(image)).toEqual({ element: avatar, name: 'steve' });
    const name = one(document, '#post_1 span.first.username a');
    expect(findUsername(firstText(name))).toEqual({ element: name, name: 'Steve' });
    expect(nameAt(one(document, '#post_2 a.mention'))).toBe('Notch');
  });

  it('Discourse: a full name shown over an account name that is no game name resolves to nothing', () => {
    const document = page('discourse');
    const fullName = one(document, '#post_4 span.first.full-name a');
    expect(fullName.textContent).toBe('John Smith');
    expect(nameAt(fullName)).toBeNull();
    expect(nameAt(one(document, '#post_4 span.second.username a'))).toBeNull();
    expect(nameAt(one(document, '#post_4 .main-avatar img'))).toBeNull();
  });

  it('phpBB: plain and coloured names; quotes are plain text', () => {
    const document = page('phpbb');
    const coloured = one(document, '#p2 .postprofile a');
    expect(coloured.className).toBe('username-coloured');
    expect(coloured.getAttribute('style')).toBe('color: #AA0000;');
    expect(nameAt(coloured)).toBe('Alex');
    expect(nameAt(one(document, '#p2 p.author a.username-coloured'))).toBe('Alex');
    expect(nameAt(one(document, '#p1 p.author strong a.username'))).toBe('Steve');
    const cite = one(document, '#p2 blockquote cite');
    expect(cite.textContent).toBe('Notch wrote:');
    expect(nameAt(cite)).toBeNull();
    expect(nameAt(firstText(cite))).toBeNull();
    expect(nameAt(one(document, '#p1 h3 a'))).toBeNull();
  });

  it('NamelessMC: profile links in headers and @mentions', () => {
    const document = page('namelessmc');
    const link = one(document, '#post-2 h3.ui.header a');
    expect(link.getAttribute('style')).toBe('color:#ff5555;');
    expect(link.getAttribute('data-poload')).toBe('/queries/user/?id=3');
    expect(nameAt(link)).toBe('Alex');
    const mention = one(document, '#post-2 .forum_post a');
    expect(mention.textContent).toBe('@Notch');
    expect(findUsername(firstText(mention))).toEqual({ element: mention, name: 'Notch' });
    expect(nameAt(one(document, '#post-1 .sub.header'))).toBeNull();
  });

  it('Flarum: the name span, the letter avatar in the same link and UserMention', () => {
    const document = page('flarum');
    const link = one(document, '[data-number="1"] h3.PostUser-name > a');
    const avatar = one(link, '.Avatar');
    expect(avatar.textContent).toBe('S');
    expect(findUsername(avatar)).toEqual({ element: link, name: 'Steve' });
    expect(nameAt(firstText(one(link, 'span.username')))).toBe('Steve');
    expect(nameAt(one(document, 'a.UserMention'))).toBe('Notch');
    expect(nameAt(one(document, '[data-number="1"] .Post-body'))).toBeNull();
  });
});

describe('findUsername on snippets', () => {
  it('takes names from attributes, text and profile paths', () => {
    const body = snippet(`
      <a id="card" data-user-card="alex" href="/u/alex">Steve</a>
      <a id="xf" class="username" data-username="@Notch" href="/members/notch.4/">someone</a>
      <a id="spaces" class="mention" href="/u/Alex">  @Alex  </a>
      <a id="flarum-img" href="/u/Steve"><img src="/a.png" alt=""></a>
      <a id="flarum-encoded" href="https://forum.example/u/Steve%5F1/discussions"><img alt=""></a>
      <a id="nameless-route" href="/index.php?route=/profile/Herobrine/"><img alt=""></a>
      <a id="nameless-img" href="/profile/Notch/"><img alt="Notch's avatar"></a>
      <a id="xf-img" href="/members/alex.3/" class="avatar" data-xf-init="member-tooltip"><img src="/a.png" alt="Alex"></a>
      <a id="malformed" href="/u/%E0%A4%A"><img alt=""></a>
      <a id="empty" class="username" href="/members/x.1/"></a>`);
    expect(nameAt(one(body, '#card'))).toBe('alex');
    expect(nameAt(one(body, '#xf'))).toBe('Notch');
    expect(nameAt(one(body, '#spaces'))).toBe('Alex');
    expect(findUsername(one(body, '#flarum-img img'))).toEqual({
      element: one(body, '#flarum-img'),
      name: 'Steve',
    });
    // An absolute link counts on the page's origin or the forum's configured one only.
    expect(nameAt(one(body, '#flarum-encoded'))).toBeNull();
    expect(findUsername(one(body, '#flarum-encoded'), '', 'https://forum.example')?.name).toBe('Steve_1');
    expect(nameAt(one(body, '#nameless-route img'))).toBe('Herobrine');
    expect(nameAt(one(body, '#nameless-img'))).toBe('Notch');
    expect(nameAt(one(body, '#xf-img img'))).toBe('Alex');
    expect(nameAt(one(body, '#malformed'))).toBeNull();
    expect(nameAt(one(body, '#empty'))).toBeNull();
  });

  it.each([
    ['a space', 'John Smith'],
    ['2 characters', 'Jo'],
    ['17 characters', 'A'.repeat(17)],
    ['non-ASCII letters', 'Jörg'],
    ['an emoji', 'Steve🙂'],
    ['a dash', 'steve-b'],
    ['just @', '@'],
    ['two @', '@@Alex'],
  ])('rejects a name with %s', (_, name) => {
    const body = snippet(
      '<a class="username"></a><a class="mention"></a><a href="/u/x"></a><b data-user-card></b>',
    );
    for (const element of Array.from(body.children)) {
      if (element.tagName === 'B') element.setAttribute('data-user-card', name);
      else element.textContent = name;
      expect(nameAt(element), `${element.outerHTML}`).toBeNull();
    }
  });

  it('accepts names of exactly 3 and 16 characters', () => {
    const body = snippet('<a class="username">Abc</a><a class="username">Abcdefghijklmn_6</a>');
    expect(Array.from(body.children, (element) => nameAt(element))).toEqual(['Abc', 'Abcdefghijklmn_6']);
  });

  it('ignores unrelated links and elements', () => {
    const body = snippet(`
      <a href="/threads/build-contest.5/">Steve</a>
      <a href="https://example.com/">Example</a>
      <a href="/menu/items">Items</a>
      <a href="/profile/edit">Edit profile</a>
      <button type="button">Alex</button>
      <p>Notch <strong>Herobrine</strong></p>
      <span class="user-name">Dinnerbone</span>`);
    for (const element of Array.from(body.querySelectorAll('*'))) {
      expect(nameAt(element), element.outerHTML).toBeNull();
    }
  });

  it('returns null for targets that are no element or text inside one', () => {
    const parsed = parse('<!doctype html><body><a class="username">Steve</a><!-- Alex --></body>');
    const link = one(parsed, 'a');
    expect(nameAt(null)).toBeNull();
    expect(nameAt(window)).toBeNull();
    expect(nameAt(parsed)).toBeNull();
    expect(nameAt(parsed.createDocumentFragment())).toBeNull();
    expect(nameAt(new EventTarget())).toBeNull();
    expect(nameAt(parsed.body)).toBeNull();
    expect(nameAt(parsed.documentElement)).toBeNull();
    expect(nameAt(parsed.createTextNode('Steve'))).toBeNull(); // detached
    expect(nameAt(link.firstChild)).toBe('Steve');
    // A detached element still resolves (no page-wide lookups).
    const detached = parsed.createElement('a');
    detached.className = 'username';
    detached.textContent = 'Alex';
    expect(nameAt(detached)).toBe('Alex');
  });

  it('uses a valid custom selector and ignores a broken one', () => {
    const body = snippet(
      '<div class="post"><span class="poster-name"><i>Steve</i></span> <a class="username">Alex</a></div>',
    );
    const custom = one(body, '.poster-name i');
    expect(nameAt(custom)).toBeNull();
    expect(findUsername(custom, '.poster-name')).toEqual({
      element: one(body, '.poster-name'),
      name: 'Steve',
    });
    expect(nameAt(custom, '.nothing, .poster-name')).toBe('Steve');
    expect(nameAt(custom, '  .poster-name  ')).toBe('Steve');
    for (const broken of ['[[[', '.poster-name,', ')', 'a[', ':nope(', '', '   ']) {
      expect(() => findUsername(custom, broken)).not.toThrow();
      expect(nameAt(custom, broken)).toBeNull();
      expect(nameAt(one(body, 'a.username'), broken)).toBe('Alex');
    }
  });

  it('stays cheap on a custom selector that matches a whole post', () => {
    const body = snippet(`<article class="post">${'<p>Some long post text. </p>'.repeat(200)}</article>`);
    expect(nameAt(one(body, 'p'), 'article')).toBeNull();
  });

  it('never throws and only returns game names, whatever the markup', () => {
    const attribute = fc.constantFrom(
      'data-user-card',
      'data-username',
      'href',
      'class',
      'alt',
      'aria-label',
    );
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.tuple(attribute, fc.string()), { maxLength: 4 }),
        fc.constantFrom('a', 'span', 'img', 'div'),
        fc.option(fc.string(), { nil: undefined }),
        (text, attributes, tag, customSelector) => {
          const parsed = parse('<!doctype html><body></body>');
          const element = parsed.createElement(tag);
          for (const [name, value] of attributes) element.setAttribute(name, value);
          element.textContent = text;
          parsed.body.append(element);
          for (const target of [element, element.firstChild]) {
            const match = findUsername(target, customSelector);
            if (match !== null) expect(isGameName(match.name)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('engine detection and same-site profile links', () => {
  const pageOf = (html: string) => parse(`<!doctype html>${html}`);

  it("applies each engine's selectors only on its pages, the union elsewhere", () => {
    const xenforo = pageOf(
      '<html id="XF"><body><a id="link" href="/u/Steve">Steve</a><span class="username" id="span">Alex</span></body></html>',
    );
    expect(detectForumEngine(xenforo)).toBe('xenforo');
    expect(nameAt(one(xenforo, '#link'))).toBeNull();
    expect(nameAt(one(xenforo, '#span'))).toBeNull();
    const phpbb = pageOf(
      '<body id="phpbb"><span class="username" id="guest">Notch</span><a class="username" href="./memberlist.php?mode=viewprofile&amp;u=2">Steve</a></body>',
    );
    expect(nameAt(one(phpbb, '#guest'))).toBeNull();
    expect(nameAt(one(phpbb, 'a.username'))).toBe('Steve');
    const unknown = pageOf(
      '<body><a id="link" href="/u/Steve">Steve</a><span class="username" id="span">Alex</span></body>',
    );
    expect(detectForumEngine(unknown)).toBeNull();
    expect(nameAt(one(unknown, '#link'))).toBe('Steve');
    expect(nameAt(one(unknown, '#span'))).toBe('Alex');
  });

  it('looks for the markers once per page', () => {
    const document = pageOf('<body><a class="username">Steve</a></body>');
    expect(detectForumEngine(document)).toBeNull();
    document.body.id = 'phpbb';
    expect(detectForumEngine(document)).toBeNull();
  });

  it("always uses a site's own selector, wherever its matches link", () => {
    const document = pageOf(
      '<body id="phpbb"><span class="poster"><a href="https://elsewhere.example/u/x">Herobrine</a></span></body>',
    );
    expect(nameAt(one(document, '.poster a'))).toBeNull();
    expect(nameAt(one(document, '.poster a'), '.poster a')).toBe('Herobrine');
  });

  it("reads the account from the path only on recognised engines' pages, never an id slug", () => {
    const flarum = pageOf(
      '<body><div id="flarum-loading"></div><a id="nick" href="/u/alex_builds"><span class="username">Alex B</span></a><a id="id" href="/u/123"><span class="username">Steve</span></a></body>',
    );
    expect(findUsername(one(flarum, '#nick .username'))).toEqual({
      element: one(flarum, '#nick .username'),
      name: 'alex_builds',
      displayName: 'Alex B',
    });
    expect(nameAt(one(flarum, '#id'))).toBe('Steve');
    const unknown = pageOf(
      '<body><a id="menu" href="/profile/edit">Edit profile</a><a id="img" href="/profile/Notch/"><img alt=""></a></body>',
    );
    expect(nameAt(one(unknown, '#menu'))).toBeNull();
    expect(nameAt(one(unknown, '#img'))).toBe('Notch');
  });
});

describe('demo pages for display names and outside links', () => {
  it('display names: each author, mention and "You" resolves to the account, with the name shown', () => {
    const document = parse(renderDisplayNamePage({ names: NAMES }));
    expect(detectForumEngine(document)).toBe('flarum');
    const authors = Array.from(document.querySelectorAll('.PostUser-name .username'), (element) =>
      findUsername(element),
    );
    expect(authors.map((match) => [match?.name, match?.displayName])).toEqual([
      ['Steve', DEMO_DISPLAY_NAMES[0]],
      ['Alex', DEMO_DISPLAY_NAMES[1]],
      ['Notch', DEMO_DISPLAY_NAMES[2]],
    ]);
    expect(findUsername(one(document, '.PostUser-name .Avatar'))?.name).toBe('Steve');
    expect(findUsername(one(document, 'a.UserMention'))?.displayName).toBe(DEMO_DISPLAY_NAMES[0]);
    const you = Array.from(document.querySelectorAll('.Post-likedBy a')).find(
      (link) => link.textContent === 'You',
    );
    expect(findUsername(you ?? null)).toMatchObject({ name: 'Notch', displayName: 'You' });
  });

  it('outside links: the links to other sites resolve to nothing, the member link to the member', () => {
    const document = parse(renderOutsideLinksPage({ names: NAMES }));
    expect(detectForumEngine(document)).toBeNull();
    for (const { href } of DEMO_OUTSIDE_LINKS)
      expect(nameAt(one(document, `a[href="${href}"]`)), href).toBeNull();
    expect(nameAt(one(document, 'a[href="/profile/Alex/"]'))).toBe('Alex');
  });

  it('escapes the names it is given', () => {
    const hostile = ['<img src=x onerror=alert(1)>', 'Alex', 'Notch'];
    for (const html of [
      renderDisplayNamePage({ names: hostile }),
      renderOutsideLinksPage({ names: hostile }),
    ]) {
      expect(parse(html).querySelector('img[src="x"]')).toBeNull();
    }
  });
});
