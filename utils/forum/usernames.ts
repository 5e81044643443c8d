/**
 * Username detection for the forum hover cards: from the element under the pointer (or the
 * focused element) find the closest username element of a supported forum engine and read
 * the player name from it. Cheap (one `closest()` call, a bounded walk of the matched
 * element) and total: it never throws, whatever the DOM, and only returns names that pass
 * `isGameName`, the only text that may ever lead to a look-up.
 */
import { isGameName } from '../api/identifiers';

export const FORUM_ENGINE_NAMES = ['xenforo', 'discourse', 'phpbb', 'namelessmc', 'flarum'] as const;
export type ForumEngineName = (typeof FORUM_ENGINE_NAMES)[number];

/**
 * Each engine's username elements, in two kinds:
 * - `marked`: elements the engine itself marks as a user (a class or attribute it only puts on
 *   users), trusted wherever they link;
 * - `links`: profile links recognised by their path only, which posts may also hold (a link
 *   to `https://1drv.ms/u/…` or `…/profile/…` on another site): a card only when the link
 *   stays on this forum (same origin as the page, or the forum's configured origin).
 */
interface EngineSelectors {
  readonly marked: readonly string[];
  readonly links: readonly string[];
}

const ENGINE_SELECTOR_PARTS: Readonly<Record<ForumEngineName, EngineSelectors>> = {
  // Author links and mentions (`data-username="@Alex"`), avatars (`data-xf-init="member-tooltip"`).
  xenforo: { marked: ['a.username', '[data-xf-init~="member-tooltip"]'], links: [] },
  // Avatars and names carry `data-user-card`; cooked mentions are `a.mention`; quotes and
  // archived posts link `/u/NAME` under the full name ("Andras Lasso").
  discourse: { marked: ['[data-user-card]', 'a.mention'], links: ['a[href*="/u/"]'] },
  // prosilver: `username` for plain names, `username-coloured` for group-coloured ones.
  phpbb: { marked: ['a.username', 'a.username-coloured'], links: [] },
  // Profile links (`/profile/NAME/`, also under `index.php?route=`) and user popovers.
  namelessmc: { marked: ['a[data-poload*="/queries/user/"]'], links: ['a[href*="/profile/"]'] },
  // `span.username` inside the `/u/NAME` author link, and `a.UserMention`.
  flarum: { marked: ['.username', 'a.UserMention'], links: ['a[href*="/u/"]'] },
};

/**
 * How each engine marks its pages (its own templates; the sources are cited in
 * tests/fixtures/forums/). NamelessMC has no page-wide marker: its user popovers are.
 */
const ENGINE_MARKERS: Readonly<Record<ForumEngineName, string>> = {
  xenforo: 'html#XF',
  discourse: 'meta[name="generator"][content^="Discourse"], meta#data-discourse-setup',
  phpbb: 'body#phpbb',
  namelessmc: '[data-poload*="/queries/user/"]',
  flarum: '#flarum-loading, #flarum-content, #flarum-json-payload',
};

const unique = (parts: readonly string[]): string => [...new Set(parts)].join(', ');

/** The union of every engine's selectors (each selector once): the generic fallback. */
export const ALL_ENGINES_SELECTOR: string = unique(
  FORUM_ENGINE_NAMES.flatMap((engine) => [
    ...ENGINE_SELECTOR_PARTS[engine].marked,
    ...ENGINE_SELECTOR_PARTS[engine].links,
  ]),
);

/** The union of the marked selectors: elements whose link may go anywhere. */
const ALL_MARKED_SELECTOR: string = unique(
  FORUM_ENGINE_NAMES.flatMap((engine) => ENGINE_SELECTOR_PARTS[engine].marked),
);

/** The engine's own selectors, or every engine's where none is recognised. */
function engineSelectors(engine: ForumEngineName | null): { all: string; marked: string } {
  if (engine === null) return { all: ALL_ENGINES_SELECTOR, marked: ALL_MARKED_SELECTOR };
  const { marked, links } = ENGINE_SELECTOR_PARTS[engine];
  return { all: unique([...marked, ...links]), marked: unique(marked) };
}

/** The engine each document was recognised as (looked for once per page). */
const detected = new WeakMap<Document, ForumEngineName | null>();

/** The forum engine whose markers `doc` carries, or null; looked for once per document. */
export function detectForumEngine(doc: Document): ForumEngineName | null {
  const known = detected.get(doc);
  if (known !== undefined) return known;
  let engine: ForumEngineName | null = null;
  try {
    engine = FORUM_ENGINE_NAMES.find((name) => doc.querySelector(ENGINE_MARKERS[name]) !== null) ?? null;
  } catch {
    engine = null;
  }
  detected.set(doc, engine);
  return engine;
}

export interface UsernameMatch {
  /** The username element that matched (the link, avatar or mention, not the hovered descendant). */
  readonly element: Element;
  /** The player name: a valid game name, without a mention's `@`. */
  readonly name: string;
  /**
   * The name the forum shows when it is not the account name (a nickname, a full name, "You"):
   * page text, to be shown as text beside the player, never looked up.
   */
  readonly displayName?: string;
}

/** True when `selector` is a syntactically valid CSS selector (list) in this browser. */
export function isValidSelector(selector: string): boolean {
  try {
    if (typeof selector !== 'string' || selector.trim() === '') return false;
    document.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
}

/**
 * Finds the username element at or above `target` and the player name it shows, or null.
 * The page's engine (detectForumEngine) picks the selectors; `customSelector` (a site's own
 * username selector, from the settings) is added to them when it is a valid selector and
 * ignored otherwise. `forumOrigin`: the forum site's configured origin, where profile links
 * may point besides the page's own origin.
 */
export function findUsername(
  target: EventTarget | null,
  customSelector?: string,
  forumOrigin?: string,
): UsernameMatch | null {
  try {
    const start = startElement(target);
    if (start === null) return null;
    const engine = detectForumEngine(start.ownerDocument);
    const selectors = combinedSelector(engine, customSelector);
    const element = start.closest(selectors.all);
    if (element === null) return null;
    // No profile: XenForo's guests and deleted users (`data-user-id="0"`).
    if (element.getAttribute('data-user-id') === '0') return null;
    const profile = profileLink(element, forumOrigin);
    // A link found by its path alone must stay on this forum.
    if (profile === OUTSIDE && !element.matches(selectors.marked)) return null;
    return nameOf(element, profile === OUTSIDE ? null : profile, engine !== null);
  } catch {
    return null;
  }
}

// Node types, spelled out so this also runs where the `Node` global is missing or foreign.
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
const PROCESSING_INSTRUCTION_NODE = 7;
const COMMENT_NODE = 8;

/** The element an event target stands for: itself, or the parent of a text (or comment) node. */
function startElement(target: EventTarget | null): Element | null {
  if (target === null || typeof target !== 'object') return null;
  const node = target as Partial<Node>;
  switch (node.nodeType) {
    case ELEMENT_NODE: {
      const element = target as Element;
      return typeof element.closest === 'function' ? element : null;
    }
    case TEXT_NODE:
    case CDATA_SECTION_NODE:
    case PROCESSING_INSTRUCTION_NODE:
    case COMMENT_NODE:
      return node.parentElement ?? null;
    default:
      // Documents, fragments, shadow roots, windows and anything else: no username there.
      return null;
  }
}

/** The selectors last combined (one page, one engine, one custom selector). */
let cachedKey: string | undefined;
let cachedSelectors: { all: string; marked: string } = engineSelectors(null);

function combinedSelector(
  engine: ForumEngineName | null,
  customSelector: string | undefined,
): { all: string; marked: string } {
  const custom = typeof customSelector === 'string' ? customSelector.trim() : '';
  const key = `${engine ?? ''}\n${custom}`;
  if (key !== cachedKey) {
    const own = engineSelectors(engine);
    const all = `${own.all}, ${custom}`;
    // Both checks: the custom selector alone, and as the last item of the list. A site's own
    // selector is what the user chose: its matches count as marked, wherever they link.
    cachedSelectors =
      custom !== '' && isValidSelector(custom) && isValidSelector(all)
        ? { all, marked: `${own.marked}, ${custom}` }
        : own;
    cachedKey = key;
  }
  return cachedSelectors;
}

/** A link to another site (not this page's origin, nor the forum's). */
const OUTSIDE = Symbol('outside');

/**
 * The account name in the profile link at `element` (the element itself or the link around
 * it, as Flarum's `span.username`): `/u/NAME` (Discourse, Flarum) or `/profile/NAME/`
 * (NamelessMC, also in `?route=`). OUTSIDE when the link leads to another site, null when
 * there is no profile path.
 */
function profileLink(element: Element, forumOrigin: string | undefined): string | typeof OUTSIDE | null {
  const link = element.closest('a[href]');
  const href = link?.getAttribute('href');
  if (link == null || href == null) return null;
  let url: URL;
  try {
    url = new URL(href, link.baseURI);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const pageOrigin = originOf(link.ownerDocument.URL);
  if (url.origin !== pageOrigin && url.origin !== originOf(forumOrigin)) return OUTSIDE;
  const segment = PROFILE_PATH.exec(url.pathname + url.search)?.[1];
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // malformed escapes
  }
}

function originOf(address: string | undefined): string | null {
  if (address === undefined) return null;
  try {
    const origin = new URL(address).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** An account name that is only digits is Flarum's id slug (`/u/123`), not a name. */
const ID_SLUG = /^\d+$/;
/** Longest display name shown beside the player (a forum may allow long ones). */
const MAX_DISPLAY_NAME_LENGTH = 64;

/**
 * The player a username element stands for, checked with `isGameName`, in this order:
 * 1. `data-user-card` (Discourse) or `data-username` (XenForo mentions): the account name.
 * 2. On a recognised engine's page, the account name in a same-site profile path (`/u/NAME`,
 *    `/profile/NAME/`): what the forum shows there may be a display name ("Alex the
 *    Builder"), a letter avatar or "You". (Not on other pages, where `/profile/edit` may be a
 *    menu link: there the path counts only for links without text, as avatars.)
 * 3. The shown text (a mention's `@` stripped); when that is not a valid name, an avatar's
 *    label (`img[alt]`, `[role="img"][aria-label]`, e.g. XenForo's letter avatars).
 * What the forum shows, when it is not the account name, comes along as `displayName`.
 */
function nameOf(element: Element, pathName: string | null, pathFirst: boolean): UsernameMatch | null {
  const shown = shownText(element);
  const attribute =
    nonEmpty(element.getAttribute('data-user-card')) ?? nonEmpty(element.getAttribute('data-username'));
  if (attribute !== null) return matchOf(element, gameName(attribute), shown ?? null);

  if (shown === undefined) return null; // far too much content for a username element
  const account = pathFirst && pathName !== null && !ID_SLUG.test(pathName) ? gameName(pathName) : null;
  if (account !== null) return matchOf(element, account, shown);
  if (shown !== null) return matchOf(element, gameName(shown) ?? gameName(imageLabel(element)), null);
  return matchOf(element, gameName(pathName) ?? gameName(imageLabel(element)), null);
}

/**
 * The text a username element shows: a `.username` descendant's (Flarum's author link also
 * holds the avatar's letter) or its own, trimmed; null when it shows none (or only `@`),
 * undefined when it holds far more than a name.
 */
function shownText(element: Element): string | null | undefined {
  const label = element.querySelector('.username');
  if (label !== null) {
    const text = boundedText(label);
    if (text !== null && cleanName(text) !== '') return text.trim();
  }
  const text = boundedText(element);
  if (text === null) return undefined;
  return cleanName(text) === '' ? null : text.trim();
}

function matchOf(element: Element, name: string | null, shown: string | null): UsernameMatch | null {
  if (name === null) return null;
  const display = shown == null ? undefined : cleanName(shown).replace(/\s+/g, ' ');
  // One character is a letter avatar, not a name worth showing.
  if (
    display === undefined ||
    display.length < 2 ||
    display.length > MAX_DISPLAY_NAME_LENGTH ||
    display.toLowerCase() === name.toLowerCase()
  ) {
    return { element, name };
  }
  return { element, name, displayName: display };
}

function nonEmpty(value: string | null): string | null {
  return value === null || value.trim() === '' ? null : value;
}

/** Trimmed, without one leading `@` (mentions). */
function cleanName(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith('@') ? trimmed.slice(1).trim() : trimmed;
}

function gameName(text: string | null): string | null {
  if (text === null) return null;
  const name = cleanName(text);
  return isGameName(name) ? name : null;
}

const MAX_TEXT_LENGTH = 200;
const MAX_VISITED_NODES = 64;

/**
 * The text content of `root`, or null when it has more than a username element ever has
 * (long text or many nodes): a custom selector may match a whole post, and hovering must
 * stay cheap.
 */
function boundedText(root: Node): string | null {
  let text = '';
  let visited = 0;
  let node: Node | null = root.firstChild;
  while (node !== null) {
    visited += 1;
    if (visited > MAX_VISITED_NODES) return null;
    if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE) {
      text += node.nodeValue ?? '';
      if (text.length > MAX_TEXT_LENGTH) return null;
    } else if (node.nodeType === ELEMENT_NODE && node.firstChild !== null) {
      node = node.firstChild;
      continue;
    }
    let done: Node | null = node;
    while (done !== null && done !== root && done.nextSibling === null) done = done.parentNode;
    node = done === null || done === root ? null : done.nextSibling;
  }
  return text;
}

/** The label of an avatar image: the element itself or its first labelled image. */
function imageLabel(element: Element): string | null {
  const image = element.matches('img[alt], [role="img"][aria-label]')
    ? element
    : element.querySelector('img[alt], [role="img"][aria-label]');
  if (image === null) return null;
  return nonEmpty(image.getAttribute('alt')) ?? nonEmpty(image.getAttribute('aria-label'));
}

/** `/u/NAME` (Discourse, Flarum) or `/profile/NAME/` (NamelessMC, also in `?route=`). */
const PROFILE_PATH = /(?:^|\/)(?:u|profile)\/([^/?#&]+)/;
