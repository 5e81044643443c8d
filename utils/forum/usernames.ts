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

const ENGINE_SELECTOR_PARTS: Readonly<Record<ForumEngineName, readonly string[]>> = {
  // Author links and mentions (`data-username="@Alex"`), avatars (`data-xf-init="member-tooltip"`).
  xenforo: ['a.username', '[data-xf-init~="member-tooltip"]'],
  // Avatars and names carry `data-user-card`; cooked mentions are `a.mention`.
  discourse: ['[data-user-card]', 'a.mention'],
  // prosilver: `username` for plain names, `username-coloured` for group-coloured ones.
  phpbb: ['a.username', 'a.username-coloured'],
  // Profile links (`/profile/NAME/`, also under `index.php?route=`) and user popovers.
  namelessmc: ['a[href*="/profile/"]', 'a[data-poload*="/queries/user/"]'],
  // `span.username` inside the `/u/NAME` author link, and `a.UserMention`.
  flarum: ['.username', 'a.UserMention', 'a[href*="/u/"]'],
};

/** The union of every engine's selectors (each selector once). */
export const ALL_ENGINES_SELECTOR: string = [
  ...new Set(FORUM_ENGINE_NAMES.flatMap((engine) => ENGINE_SELECTOR_PARTS[engine])),
].join(', ');

export interface UsernameMatch {
  /** The username element that matched (the link, avatar or mention, not the hovered descendant). */
  readonly element: Element;
  /** The player name: a valid game name, without a mention's `@`. */
  readonly name: string;
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
 * `customSelector` (a site's own username selector, from the settings) is added to the engine
 * selectors when it is a valid selector and ignored otherwise.
 */
export function findUsername(target: EventTarget | null, customSelector?: string): UsernameMatch | null {
  try {
    const start = startElement(target);
    if (start === null) return null;
    const element = start.closest(combinedSelector(customSelector));
    if (element === null) return null;
    const name = nameOf(element);
    return name === null ? null : { element, name };
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

/** The last custom selector seen and the combined selector list made from it (one site, one selector). */
let cachedCustom: string | undefined;
let cachedCombined = ALL_ENGINES_SELECTOR;

function combinedSelector(customSelector: string | undefined): string {
  const custom = typeof customSelector === 'string' ? customSelector.trim() : '';
  if (custom === '') return ALL_ENGINES_SELECTOR;
  if (custom !== cachedCustom) {
    const combined = `${ALL_ENGINES_SELECTOR}, ${custom}`;
    // Both checks: the custom selector alone, and as the last item of the list.
    cachedCombined = isValidSelector(custom) && isValidSelector(combined) ? combined : ALL_ENGINES_SELECTOR;
    cachedCustom = custom;
  }
  return cachedCombined;
}

/**
 * The name a username element shows, checked with `isGameName`, in this order:
 * 1. `data-user-card` (Discourse) or `data-username` (XenForo mentions): the account name.
 * 2. A `.username` descendant's text (Flarum's author link also holds the avatar's letter).
 * 3. The element's own text (a mention's `@` stripped); when that is not a valid name, an
 *    avatar's label (`img[alt]`, `[role="img"][aria-label]`, e.g. XenForo's letter avatars).
 * 4. No text at all (an image-only link): the `/u/NAME` or `/profile/NAME/` path segment of
 *    its `href`, else the avatar's label.
 */
function nameOf(element: Element): string | null {
  const attribute =
    nonEmpty(element.getAttribute('data-user-card')) ?? nonEmpty(element.getAttribute('data-username'));
  if (attribute !== null) return gameName(attribute);

  const label = element.querySelector('.username');
  if (label !== null) {
    const text = boundedText(label);
    if (text !== null && cleanName(text) !== '') return gameName(text);
  }

  const text = boundedText(element);
  if (text === null) return null; // far too much content for a username element
  if (cleanName(text) !== '') return gameName(text) ?? gameName(imageLabel(element));
  return gameName(profilePathName(element)) ?? gameName(imageLabel(element));
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

function profilePathName(element: Element): string | null {
  const href = element.getAttribute('href');
  if (href === null) return null;
  const segment = PROFILE_PATH.exec(href)?.[1];
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // malformed escapes
  }
}
