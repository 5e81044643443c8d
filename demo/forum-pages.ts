/**
 * Demo forum threads for the hover cards: one page per forum engine, each using that engine's
 * real username markup (author links, avatars, mentions, an "online members" list), so the
 * content script is exercised against what it meets in the wild. Besides the demo players,
 * every page shows on purpose names that are not valid game names (a display name with a
 * space, 2 characters, 20 characters, non-ASCII letters) and a valid-looking name that is no
 * known player (`Nobody_Here`, for the 404 card).
 *
 * Everything is built as one string from small per-post pieces (a page may hold 10,000 posts);
 * every name is HTML-escaped (and URL-encoded in paths). The page script that appends newer
 * posts clones a static `<template>` and fills it with `setAttribute`/`nodeValue`, never HTML.
 */
import { FORUM_ENGINE_NAMES, type ForumEngineName } from '../utils/forum/usernames';

export const FORUM_ENGINES = FORUM_ENGINE_NAMES;
export type ForumEngine = ForumEngineName;

/** The most posts one page renders (`count` is clamped to 0..MAX_FORUM_POSTS). */
export const MAX_FORUM_POSTS = 50_000;

export const FORUM_ENGINE_LABELS: Readonly<Record<ForumEngine, string>> = {
  xenforo: 'XenForo 2',
  discourse: 'Discourse',
  phpbb: 'phpBB 3.3 (prosilver)',
  namelessmc: 'NamelessMC v2',
  flarum: 'Flarum',
};

/** The names every page shows that must never lead to a card (all but the last) or lead to a 404 card (the last). */
export const FORUM_SPECIAL_NAMES = {
  displayName: 'John Smith',
  tooShort: 'Jo',
  tooLong: 'ThisNameIsWayTooLong',
  nonAscii: 'Jörg',
  unknown: 'Nobody_Here',
} as const;

const THREAD_TITLE = 'Server events this weekend';
const FALLBACK_NAMES: readonly string[] = ['Steve', 'Alex', 'Notch'];

const POST_TEXTS: readonly string[] = [
  'The build contest starts on Saturday at noon. Bring your best ideas.',
  'Count me in. Is there a theme this time?',
  'The theme is castles. Teams of up to three players are allowed.',
  'I will be a bit late, but I can help with the judging afterwards.',
  'Great, the last contest was a lot of fun.',
  'Does the parkour event still run on Sunday evening?',
  'Yes, same time as last week. The course has a few new jumps.',
];

interface ForumUser {
  /** Shown name (a nickname or full name where the engine has them). */
  readonly name: string;
  /** Account name used in profile paths (differs from `name` only for the display-name user). */
  readonly handle: string;
  readonly id: string;
  /** Staff are shown in a group colour (phpBB, NamelessMC) or style (XenForo). */
  readonly staff: boolean;
  /** The letter of a default avatar; the first letter of `name` unless given (the template's token). */
  readonly initial?: string;
}

/** A user with every piece the markup needs, escaped once. */
interface UserParts {
  readonly name: string; // HTML-escaped
  readonly initial: string; // HTML-escaped
  readonly handle: string; // HTML-escaped
  readonly handleLower: string; // HTML-escaped
  readonly path: string; // URL-encoded handle, HTML-escaped
  readonly slug: string; // XenForo URL slug, HTML-escaped
  readonly id: string; // HTML-escaped
  readonly staff: boolean;
  readonly sameName: boolean;
}

interface PostParts {
  /** Post number (1-based), or the template token. */
  readonly number: string;
  readonly author: UserParts;
  readonly mention: UserParts | null;
  /** HTML-escaped body text. */
  readonly text: string;
  readonly first: boolean;
}

/** Tokens of the `<template>` the page script fills in (each URL-safe and unchanged by HTML escaping). */
const TOKEN_AUTHOR: ForumUser = {
  name: '__NAME__',
  handle: '__NAME__',
  id: '__ID__',
  staff: false,
  initial: '__INITIAL__',
};
const TOKEN_MENTION: ForumUser = { name: '__MENTION__', handle: '__MENTION__', id: '__MID__', staff: false };

const AVATAR_SRC = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";

export function renderForumPage(
  engine: ForumEngine,
  options: { names: readonly string[]; count: number },
): string {
  const count = Number.isFinite(options.count)
    ? Math.max(0, Math.min(MAX_FORUM_POSTS, Math.floor(options.count)))
    : 0;
  const names = options.names.length > 0 ? options.names : FALLBACK_NAMES;
  const users = names.map(
    (name, index): ForumUser => ({
      name,
      handle: name,
      id: String(index + 2),
      staff: index % 4 === 1,
    }),
  );
  const specials = specialUsers();
  const userParts = users.map(prepareUser);
  const specialParts = specials.map(prepareUser);
  const texts = POST_TEXTS.map(escapeHtml);
  const renderPost = POST_RENDERERS[engine];

  const posts: string[] = new Array<string>(count);
  let regular = 0; // posts by the given names so far: they take turns, every one of them
  for (let index = 0; index < count; index += 1) {
    // Every 4th post is by one of the special names, in turn.
    const special = index % 4 === 3;
    const author = special ? pick(specialParts, Math.floor(index / 4)) : pick(userParts, regular++);
    let mention: UserParts | null = null;
    if (index % 3 === 1) {
      // Mostly the next name in turn, now and then a special one.
      mention = index % 9 === 7 ? pick(specialParts, Math.floor(index / 9)) : pick(userParts, regular);
    }
    posts[index] = renderPost({
      number: String(index + 1),
      author,
      mention,
      text: pick(texts, index),
      first: index === 0,
    });
  }

  const template = renderPost({
    number: '__POST__',
    author: prepareUser(TOKEN_AUTHOR),
    mention: prepareUser(TOKEN_MENTION),
    text: '__TEXT__',
    first: false,
  });
  const online = [...users.slice(0, 6), specials[4], specials[0]].filter(
    (user): user is ForumUser => user !== undefined,
  );
  const label = escapeHtml(FORUM_ENGINE_LABELS[engine]);
  const scriptData = {
    count,
    nextAuthor: regular,
    users: users.map(({ name, id }) => ({ name, id })),
    texts: POST_TEXTS,
  };

  return [
    `<!doctype html>\n<html lang="en"${PAGE_MARKERS[engine].html}>\n<head>\n<meta charset="utf-8">\n`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
    '<meta name="color-scheme" content="light dark">\n',
    PAGE_MARKERS[engine].head,
    `<title>${escapeHtml(THREAD_TITLE)} | ${label} demo forum</title>\n`,
    `<style>${PAGE_CSS}</style>\n</head>\n`,
    `<body${PAGE_MARKERS[engine].body} class="forum forum--${engine}">\n`,
    PAGE_MARKERS[engine].top,
    `<header><h1>${label} demo forum</h1>`,
    `<p>Thread: ${escapeHtml(THREAD_TITLE)}. Hover or focus a username to see the player card.</p></header>\n`,
    '<div id="sidebar" role="complementary" aria-labelledby="sidebar-title" style="position:fixed; overflow:auto; top:6rem; right:1rem; width:13rem; max-height:9rem; padding:0.5rem 0.75rem; border:1px solid GrayText; border-radius:6px; background:Canvas;">',
    `<h2 id="sidebar-title">Online members</h2><ul class="online-list">`,
    online.map((user) => `<li>${SIDEBAR_RENDERERS[engine](prepareUser(user))}</li>`).join(''),
    '</ul></div>\n',
    `<main id="thread"><h2>${escapeHtml(THREAD_TITLE)}</h2>\n`,
    `<div id="thread-posts" class="${POST_CONTAINER_CLASS[engine]}">\n`,
    posts.join('\n'),
    '\n</div>\n',
    '<p><button type="button" id="load-newer">Load newer posts</button></p>\n',
    '<p id="load-status" role="status"></p>\n</main>\n',
    `<template id="post-template">${template}</template>\n`,
    `<script id="forum-data" type="application/json">${jsonForScript(scriptData)}</script>\n`,
    `<script>${PAGE_SCRIPT}</script>\n`,
    '</body>\n</html>\n',
  ].join('');
}

function specialUsers(): ForumUser[] {
  const { displayName, tooShort, tooLong, nonAscii, unknown } = FORUM_SPECIAL_NAMES;
  return [
    // A full name shown instead of the account name (Discourse allows dots in account names).
    { name: displayName, handle: 'john.smith', id: '901', staff: false },
    { name: tooShort, handle: tooShort, id: '902', staff: false },
    { name: tooLong, handle: tooLong, id: '903', staff: false },
    { name: nonAscii, handle: nonAscii, id: '904', staff: false },
    { name: unknown, handle: unknown, id: '905', staff: false },
  ];
}

function pick<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function prepareUser(user: ForumUser): UserParts {
  return {
    name: escapeHtml(user.name),
    initial: escapeHtml(user.initial ?? (Array.from(user.name)[0] ?? '?').toUpperCase()),
    handle: escapeHtml(user.handle),
    handleLower: escapeHtml(user.handle.toLowerCase()),
    path: escapeHtml(encodeURIComponent(user.handle)),
    slug: escapeHtml(xenForoSlug(user.name)),
    id: escapeHtml(user.id),
    staff: user.staff,
    sameName: user.name === user.handle,
  };
}

/** XenForo's member URL part: romanised, lower-case, dashes for anything else, then `.ID`. */
function xenForoSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** JSON that cannot end its `<script>` element or break out of it. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

// ---------------------------------------------------------------------------------------
// Per-engine markup. Attribute order and classes follow what each engine renders.

type PostRenderer = (post: PostParts) => string;
type UserRenderer = (user: UserParts) => string;

/** How each engine marks its pages (utils/forum/usernames.ts recognises them); NamelessMC by its popovers. */
const PAGE_MARKERS: Readonly<Record<ForumEngine, { html: string; head: string; body: string; top: string }>> =
  {
    xenforo: { html: ' id="XF"', head: '', body: '', top: '' },
    discourse: {
      html: '',
      head: '<meta name="generator" content="Discourse 3.2.0 - https://github.com/discourse/discourse">\n',
      body: '',
      top: '',
    },
    phpbb: { html: '', head: '', body: ' id="phpbb"', top: '' },
    namelessmc: { html: '', head: '', body: '', top: '' },
    flarum: {
      html: '',
      head: '',
      body: '',
      top: '<div id="flarum-loading" style="display: none">Loading...</div>\n',
    },
  };

const POST_CONTAINER_CLASS: Readonly<Record<ForumEngine, string>> = {
  xenforo: 'block-body js-replyNewMessageContainer',
  discourse: 'post-stream',
  phpbb: 'topic-posts',
  namelessmc: 'ui container',
  flarum: 'PostStream',
};

// XenForo 2 -------------------------------------------------------------------------------

function xenForoMember(user: UserParts): string {
  return `/members/${user.slug === '' ? '' : `${user.slug}.`}${user.id}/`;
}

function xenForoUsername(user: UserParts): string {
  return `<a href="${xenForoMember(user)}" class="username" dir="auto" data-user-id="${user.id}" data-xf-init="member-tooltip"><span class="username--style${user.staff ? 3 : 2}">${user.name}</span></a>`;
}

function xenForoMention(user: UserParts): string {
  return `<a href="${xenForoMember(user)}" class="username" data-xf-init="member-tooltip" data-user-id="${user.id}" data-username="@${user.name}">@${user.name}</a>`;
}

function xenForoPost(post: PostParts): string {
  const { author, number } = post;
  const mention = post.mention === null ? '' : ` Thanks, ${xenForoMention(post.mention)}!`;
  return (
    `<article class="message message--post js-post" data-author="${author.name}" data-content="post-${number}" id="js-post-${number}"><div class="message-inner">` +
    '<div class="message-cell message-cell--user"><section class="message-user">' +
    `<div class="message-avatar"><a href="${xenForoMember(author)}" class="avatar avatar--s avatar--default avatar--default--dynamic" data-user-id="${author.id}" data-xf-init="member-tooltip"><span class="avatar-u${author.id}-s" role="img" aria-label="${author.name}">${author.initial}</span></a></div>` +
    `<div class="message-userDetails"><h4 class="message-name">${xenForoUsername(author)}</h4><h5 class="userTitle message-userTitle" dir="auto">${author.staff ? 'Administrator' : 'Member'}</h5></div>` +
    '</section></div><div class="message-cell message-cell--main">' +
    `<article class="message-body"><div class="bbWrapper">${post.text}${mention}</div></article></div></div></article>`
  );
}

// Discourse ---------------------------------------------------------------------------------

function discourseNames(user: UserParts): string {
  const link = (text: string) =>
    `<a href="/u/${user.path}" data-user-card="${user.handle}" class="">${text}</a>`;
  return user.sameName
    ? `<span class="first username">${link(user.name)}</span>`
    : `<span class="first full-name">${link(user.name)}</span><span class="second username">${link(user.handle)}</span>`;
}

function discoursePost(post: PostParts): string {
  const { author, number } = post;
  const mention =
    post.mention === null
      ? ''
      : ` Thanks, <a class="mention" href="/u/${post.mention.path}">@${post.mention.handle}</a>!`;
  return (
    `<article id="post_${number}" aria-label="post #${number} by @${author.handle}" role="region" data-post-id="${number}" data-user-id="${author.id}" class="boxed onscreen-post"><div class="row">` +
    `<div class="topic-avatar"><div class="post-avatar"><a class="trigger-user-card main-avatar" href="/u/${author.path}" data-user-card="${author.handleLower}" aria-hidden="true" tabindex="-1"><img alt="" width="48" height="48" src="${AVATAR_SRC}" class="avatar"></a></div></div>` +
    `<div class="topic-body clearfix"><div role="heading" aria-level="3" class="topic-meta-data"><div class="names trigger-user-card">${discourseNames(author)}</div></div>` +
    `<div class="regular contents"><div class="cooked"><p>${post.text}${mention}</p></div></div></div></div></article>`
  );
}

// phpBB 3.3 (prosilver) -------------------------------------------------------------------------

function phpbbUsername(user: UserParts): string {
  const profile = `./memberlist.php?mode=viewprofile&amp;u=${user.id}`;
  return user.staff
    ? `<a href="${profile}" style="color: #AA0000;" class="username-coloured">${user.name}</a>`
    : `<a href="${profile}" class="username">${user.name}</a>`;
}

function phpbbPost(post: PostParts): string {
  const { author, number } = post;
  const username = phpbbUsername(author);
  // prosilver has no mentions: a reply quotes, and the quote names its author in plain text.
  const quote =
    post.mention === null
      ? ''
      : `<blockquote><div><cite>${post.mention.name} wrote:</cite>See you all there.</div></blockquote>`;
  return (
    `<div id="p${number}" class="post has-profile bg${Number(post.number) % 2 === 0 ? 1 : 2}"><div class="inner">` +
    `<dl class="postprofile" id="profile${number}"><dt class="no-profile-rank no-avatar"><div class="avatar-container"></div>${username}</dt><dd class="profile-posts"><strong>Posts:</strong> 42</dd></dl>` +
    `<div class="postbody"><div id="post_content${number}"><h3><a href="#p${number}">${post.first ? '' : 'Re: '}${escapeHtml(THREAD_TITLE)}</a></h3>` +
    `<p class="author"><span class="responsive-hide">by <strong>${username}</strong> &raquo; </span>Sat Mar 02, 2024 6:00 pm</p>` +
    `<div class="content">${quote}${post.text}</div></div></div></div></div>`
  );
}

// NamelessMC v2 (DefaultRevamp) -----------------------------------------------------------------

function namelessUsername(user: UserParts): string {
  return `<a href="/profile/${user.path}/" style="${user.staff ? 'color:#ff5555;' : ''}" data-poload="/queries/user/?id=${user.id}">${user.name}</a>`;
}

function namelessPost(post: PostParts): string {
  const { author, number } = post;
  const mention =
    post.mention === null
      ? ''
      : ` Thanks, <a href="/profile/${post.mention.path}/">@${post.mention.name}</a>!`;
  return (
    `<div class="ui padded segment" id="post-${number}"><div class="ui stackable grid"><div class="ui row">` +
    `<div class="ui four wide column"><h3 class="ui header">${namelessUsername(author)}<div class="sub header">${author.staff ? 'Admin' : 'Member'}</div></h3></div>` +
    `<div class="ui twelve wide column"><div class="forum_post">${post.text}${mention}</div></div></div></div></div>`
  );
}

// Flarum ----------------------------------------------------------------------------------------

function flarumUsername(user: UserParts): string {
  return `<a href="/u/${user.path}"><span class="username">${user.name}</span></a>`;
}

function flarumPost(post: PostParts): string {
  const { author, number } = post;
  const mention =
    post.mention === null
      ? ''
      : ` Thanks, <a href="/u/${post.mention.path}" class="UserMention">@${post.mention.name}</a>!`;
  return (
    `<div class="PostStream-item" data-number="${number}" data-type="comment"><article class="Post CommentPost"><div><header class="Post-header"><ul><li class="item-user">` +
    `<div class="PostUser"><h3 class="PostUser-name"><a href="/u/${author.path}"><span class="Avatar PostUser-avatar">${author.initial}</span><span class="username">${author.name}</span></a></h3><ul class="PostUser-badges badges"></ul></div>` +
    `</li></ul></header><div class="Post-body"><p>${post.text}${mention}</p></div></div></article></div>`
  );
}

const POST_RENDERERS: Readonly<Record<ForumEngine, PostRenderer>> = {
  xenforo: xenForoPost,
  discourse: discoursePost,
  phpbb: phpbbPost,
  namelessmc: namelessPost,
  flarum: flarumPost,
};

const SIDEBAR_RENDERERS: Readonly<Record<ForumEngine, UserRenderer>> = {
  xenforo: xenForoUsername,
  discourse: (user) => `<a href="/u/${user.path}" data-user-card="${user.handle}" class="">${user.name}</a>`,
  phpbb: phpbbUsername,
  namelessmc: namelessUsername,
  flarum: flarumUsername,
};

// ---------------------------------------------------------------------------------------
// Page style and script (static: no names in them).

const PAGE_CSS = [
  ':root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.45}',
  'body{margin:0;background:Canvas;color:CanvasText}',
  'header,main{padding:0 1rem;margin-right:16rem;max-width:60rem}',
  '#sidebar h2{font-size:1rem;margin:0 0 .25rem}',
  '.online-list{list-style:none;margin:0;padding:0}',
  '.online-list li{padding:.15rem 0}',
  // Posts off screen skip rendering: a page may hold 10,000 of them.
  '#thread-posts>*{display:block;border-top:1px solid GrayText;padding:.5rem 0;content-visibility:auto;contain-intrinsic-size:auto 8rem}',
  '.Post-header ul,.PostUser-badges{list-style:none;margin:0;padding:0}',
  'a.avatar{text-decoration:none}',
  // Large text: NamelessMC's group colours are light.
  '.forum--namelessmc .online-list a{font-weight:bold;font-size:1.2rem}',
  'h3,h4,h5{margin:.25rem 0;font-size:1.05rem}',
  'h5{font-weight:normal;font-size:.85rem}',
  '.avatar,.Avatar{display:inline-block;width:2rem;height:2rem;border-radius:50%;background:#7a7acc;color:#fff;text-align:center;line-height:2rem;vertical-align:middle;margin-right:.4rem}',
  '.avatar span{color:#fff}',
  '.ui.header a{font-size:1.3rem;font-weight:bold}',
  'blockquote{margin:.25rem 0 .25rem 1rem;padding-left:.5rem;border-left:3px solid GrayText}',
  'cite{display:block;font-weight:bold;font-style:normal}',
  'button{font:inherit;padding:.4rem 1rem}',
  '@media (prefers-color-scheme:dark){.username-coloured{background:#fff;padding:0 .2em;border-radius:3px}}',
  '@media (max-width:50rem){header,main{margin-right:0}#sidebar{position:static}}',
].join('');

/**
 * Appends three newer posts per click (a live reply / infinite scroll): clones the static
 * post template and replaces its tokens in attribute values and text nodes only.
 */
const PAGE_SCRIPT = `
(() => {
  const data = JSON.parse(document.getElementById('forum-data').textContent);
  const template = document.getElementById('post-template');
  const posts = document.getElementById('thread-posts');
  const status = document.getElementById('load-status');
  const TOKEN = /__(NAME|name|INITIAL|ID|MENTION|mention|MID|POST|TEXT)__/g;
  let next = data.count + 1;
  let nextAuthor = data.nextAuthor;
  const fill = (value, values, inUrl) =>
    value.replace(TOKEN, (token, key) => {
      const replacement = values[key];
      if (replacement === undefined) return token;
      return inUrl ? encodeURIComponent(replacement) : replacement;
    });
  const build = (number) => {
    const author = data.users[nextAuthor % data.users.length];
    const mentioned = data.users[(nextAuthor + 1) % data.users.length];
    nextAuthor += 1;
    const values = {
      NAME: author.name,
      name: author.name.toLowerCase(),
      INITIAL: (Array.from(author.name)[0] || '?').toUpperCase(),
      ID: author.id,
      MENTION: mentioned.name,
      mention: mentioned.name.toLowerCase(),
      MID: mentioned.id,
      POST: String(number),
      TEXT: data.texts[(number - 1) % data.texts.length],
    };
    const fragment = document.importNode(template.content, true);
    const walker = document.createTreeWalker(fragment, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        node.nodeValue = fill(node.nodeValue, values, false);
        continue;
      }
      for (const attribute of Array.from(node.attributes)) {
        if (attribute.value.includes('__')) {
          node.setAttribute(attribute.name, fill(attribute.value, values, attribute.name === 'href'));
        }
      }
    }
    return fragment;
  };
  document.getElementById('load-newer').addEventListener('click', () => {
    for (let i = 0; i < 3; i += 1) {
      posts.appendChild(document.createTextNode('\\n'));
      posts.appendChild(build(next));
      next += 1;
    }
    status.textContent = '3 newer posts loaded.';
  });
})();
`;

// ---------------------------------------------------------------------------------------
// Two pages for what real forums do that the engine pages above do not (tests/e2e/forum-names.spec.ts).

/** The display names the display-name page gives the first players (Flarum's nicknames). */
export const DEMO_DISPLAY_NAMES: readonly string[] = ['Steve the Admin', 'Alex the Builder', 'Captain Notch'];

/** Links posts on the outside-links page hold to other sites, with the text a post gives them. */
export const DEMO_OUTSIDE_LINKS: readonly { readonly href: string; readonly text: string }[] = [
  { href: 'https://1drv.ms/u/s!AkR3c2x0aGVy', text: 'here' },
  { href: 'https://www.researchgate.net/profile/Notch', text: 'Notch' },
  { href: 'https://other-forum.example/u/Steve', text: 'Steve' },
];

function plainPage(title: string, bodyAttributes: string, body: string): string {
  return [
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n',
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
    '<meta name="color-scheme" content="light dark">\n',
    `<title>${escapeHtml(title)}</title>\n<style>${PAGE_CSS}</style>\n</head>\n`,
    `<body${bodyAttributes}>\n${body}\n</body>\n</html>\n`,
  ].join('');
}

/**
 * A Flarum discussion whose members go by display names (the nicknames extension): the
 * author link holds a letter avatar and the display name, and leads to `/u/ACCOUNT`; a
 * mention shows `@` and the display name; the liked-by line calls the viewer "You".
 */
export function renderDisplayNamePage(options: { names: readonly string[] }): string {
  const names = options.names.length > 0 ? options.names : FALLBACK_NAMES;
  const people = DEMO_DISPLAY_NAMES.map((display, index) => ({
    display: escapeHtml(display),
    path: escapeHtml(encodeURIComponent(pick(names, index))),
  }));
  const [first, second, third] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
  const author = (person: typeof first) =>
    `<h3 class="PostUser-name"><a href="/u/${person.path}"><span class="Avatar PostUser-avatar" role="img" aria-label="${person.display}">${person.display.charAt(0)}</span><span class="username">${person.display}</span></a></h3>`;
  const post = (number: number, person: typeof first, body: string) =>
    `<div class="PostStream-item" data-number="${number}" data-type="comment"><article class="Post CommentPost"><header class="Post-header"><div class="PostUser">${author(person)}</div></header><div class="Post-body">${body}</div></article></div>`;
  const texts = POST_TEXTS.map(escapeHtml);
  const body = [
    '<div id="flarum-loading" style="display: none">Loading...</div>',
    '<header><h1>Flarum demo forum: display names</h1><p>Members here go by display names; hover one to see the player behind it.</p></header>',
    `<main id="thread"><h2>${escapeHtml(THREAD_TITLE)}</h2><div id="thread-posts" class="PostStream">`,
    post(1, first, `<p>${pick(texts, 0)}</p>`),
    post(
      2,
      second,
      `<p>${pick(texts, 1)} Thanks, <a href="/u/${first.path}" class="UserMention">@${first.display}</a>!</p>`,
    ),
    post(
      3,
      third,
      `<p>${pick(texts, 2)}</p><div class="Post-likedBy"><a href="/u/${third.path}">You</a> and <a href="/u/${second.path}">${second.display}</a> like this.</div>`,
    ),
    '</div></main>',
  ].join('\n');
  return plainPage(`${THREAD_TITLE} | display names demo forum`, ' class="forum forum--flarum"', body);
}

/**
 * A thread on forum software the extension does not recognise (every engine's selectors
 * apply) whose posts link to other sites under `/u/…` and `/profile/…` paths, next to a
 * link to a member's profile on this forum.
 */
export function renderOutsideLinksPage(options: { names: readonly string[] }): string {
  const names = options.names.length > 0 ? options.names : FALLBACK_NAMES;
  const member = pick(names, 1);
  const outside = DEMO_OUTSIDE_LINKS.map(
    ({ href, text }) => `<a href="${escapeHtml(href)}" rel="nofollow ugc">${escapeHtml(text)}</a>`,
  );
  const post = (number: number, body: string) =>
    `<article class="post" id="post-${number}"><div class="post-body">${body}</div></article>`;
  const body = [
    '<header><h1>Demo forum: links to other sites</h1><p>Posts here link to other websites; only the member link is a player.</p></header>',
    `<main id="thread"><h2>${escapeHtml(THREAD_TITLE)}</h2><div id="thread-posts">`,
    post(1, `<p>The photos of the build are ${outside[0]}.</p>`),
    post(2, `<p>The paper about it is on ${outside[1]}'s profile page.</p>`),
    post(3, `<p>I asked ${outside[2]} on the other forum.</p>`),
    post(
      4,
      `<p>Ask <a href="/profile/${escapeHtml(encodeURIComponent(member))}/">${escapeHtml(member)}</a>, who built it.</p>`,
    ),
    '</div></main>',
  ].join('\n');
  return plainPage(`${THREAD_TITLE} | outside links demo forum`, ' class="forum"', body);
}
