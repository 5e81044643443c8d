import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectForumEngine, findUsername } from '@/utils/forum/usernames';

/**
 * Username detection on markup nobody here wrote: pages rendered from the engines' own
 * templates and real saved pages, trimmed to the posts (tests/fixtures/forums/, each citing its
 * sources in its header). Each check is one element a user may hover and what it must give:
 * the player (and the display name the forum shows instead, if any), or no card at all.
 * Detection score on these checks: 24 of 44 with usernames.ts before issue 28, 44 of 44 after.
 */

type Fixture =
  | 'xenforo-thread'
  | 'phpbb-viewtopic'
  | 'discourse-topic'
  | 'flarum-discussion'
  | 'namelessmc-topic';

/** Where each saved page lived: absolute links there are the forum's own. */
const FORUM_ORIGIN: Readonly<Record<Fixture, string>> = {
  'xenforo-thread': 'https://forum.example',
  'phpbb-viewtopic': 'https://forum.example',
  'discourse-topic': 'https://discourse.slicer.org',
  'flarum-discussion': 'https://forum.example',
  'namelessmc-topic': 'https://forum.example',
};

const documents = new Map<Fixture, Document>();
function page(fixture: Fixture): Document {
  let document = documents.get(fixture);
  if (document === undefined) {
    const html = readFileSync(resolve(__dirname, `../../../fixtures/forums/${fixture}.html`), 'utf8');
    document = new DOMParser().parseFromString(html, 'text/html');
    documents.set(fixture, document);
  }
  return document;
}

function one(fixture: Fixture, selector: string): Element {
  const element = page(fixture).querySelector(selector);
  if (element === null) throw new Error(`${fixture}: nothing matches ${selector}`);
  return element;
}

/** What hovering the element gives: the player and the forum's display name, or null (no card). */
function hover(fixture: Fixture, selector: string): { name: string; displayName?: string } | null {
  const match = findUsername(one(fixture, selector), '', FORUM_ORIGIN[fixture]);
  if (match === null) return null;
  return match.displayName === undefined
    ? { name: match.name }
    : { name: match.name, displayName: match.displayName };
}

type Expected = { name: string; displayName?: string } | null;

/** [what, fixture, element, expected]: the checks the detection score counts. */
const CHECKS: readonly (readonly [string, Fixture, string, Expected])[] = [
  // XenForo 2
  [
    'XenForo author link',
    'xenforo-thread',
    '#js-post-394598 .message-name a.username span',
    { name: 'crazy9x256' },
  ],
  [
    'XenForo letter avatar',
    'xenforo-thread',
    '#js-post-394598 .message-avatar [role="img"]',
    { name: 'crazy9x256' },
  ],
  ['XenForo mention', 'xenforo-thread', '#js-post-394598 .bbWrapper a[data-username]', { name: 'Notch' }],
  ['XenForo user title', 'xenforo-thread', '#js-post-394598 .message-userTitle', null],
  [
    'XenForo post link to 1drv.ms/u/ ("here")',
    'xenforo-thread',
    '#js-post-394598 a[href^="https://1drv.ms"]',
    null,
  ],
  [
    'XenForo post link to researchgate /profile/',
    'xenforo-thread',
    '#js-post-394598 a[href*="researchgate"]',
    null,
  ],
  ['XenForo post link to another site /u/Jane_Doe', 'xenforo-thread', '#js-post-394599 .bbWrapper a', null],
  [
    'XenForo guest name (data-user-id="0")',
    'xenforo-thread',
    '#js-post-394599 .message-name span.username',
    null,
  ],
  ['XenForo guest avatar', 'xenforo-thread', '#js-post-394599 .avatar', null],
  ['XenForo guest in the latest list', 'xenforo-thread', '.node-extra-user span.username', null],
  // phpBB 3.3 prosilver
  ['phpBB coloured author', 'phpbb-viewtopic', '#profile2 a.username-coloured', { name: 'Administrator' }],
  [
    'phpBB coloured author line',
    'phpbb-viewtopic',
    '#p2 p.author a.username-coloured',
    { name: 'Administrator' },
  ],
  ['phpBB plain author', 'phpbb-viewtopic', '#profile3 a.username', { name: 'Eight' }],
  ['phpBB plain author line', 'phpbb-viewtopic', '#p3 p.author a.username', { name: 'Eight' }],
  ['phpBB avatar link', 'phpbb-viewtopic', '#profile2 a.avatar img', null],
  [
    'phpBB post link to 1drv.ms/u/ ("here")',
    'phpbb-viewtopic',
    '#p2 .content a[href^="https://1drv.ms"]',
    null,
  ],
  [
    'phpBB post link to researchgate /profile/',
    'phpbb-viewtopic',
    '#p2 .content a[href*="researchgate"]',
    null,
  ],
  ['phpBB guest author (span.username)', 'phpbb-viewtopic', '#profile4 span.username', null],
  ['phpBB guest author line', 'phpbb-viewtopic', '#p4 p.author span.username', null],
  // Discourse
  [
    'Discourse full name over the account name',
    'discourse-topic',
    '#post_2 .full-name a',
    { name: 'lassoan', displayName: 'Andras Lasso' },
  ],
  ['Discourse account name', 'discourse-topic', '#post_2 .second.username a', { name: 'lassoan' }],
  ['Discourse avatar', 'discourse-topic', '#post_2 a.main-avatar img', { name: 'lassoan' }],
  [
    'Discourse cooked profile link showing the full name',
    'discourse-topic',
    '#post_1 .cooked a[href$="/u/lassoan"]',
    { name: 'lassoan', displayName: 'Andras Lasso' },
  ],
  [
    'Discourse cooked profile link showing the account name',
    'discourse-topic',
    '#post_2 .cooked a[href$="/u/lassoan"]',
    { name: 'lassoan' },
  ],
  ['Discourse mention', 'discourse-topic', '#post_2 a.mention', { name: 'Fabio_Nunes' }],
  [
    'Discourse post link to 1drv.ms/u/ ("here")',
    'discourse-topic',
    '#post_1 a[href^="https://1drv.ms"]',
    null,
  ],
  [
    'Discourse post link to researchgate /profile/',
    'discourse-topic',
    '#post_1 a[href*="researchgate"]',
    null,
  ],
  // Flarum 1.x
  [
    'Flarum author display name',
    'flarum-discussion',
    '[data-number="1"] .PostUser-name span.username',
    { name: 'alex_builds', displayName: 'Alex the Builder' },
  ],
  [
    'Flarum letter avatar',
    'flarum-discussion',
    '[data-number="1"] .PostUser-name .Avatar',
    { name: 'alex_builds', displayName: 'Alex the Builder' },
  ],
  [
    'Flarum author with the same name',
    'flarum-discussion',
    '[data-number="2"] .PostUser-name span.username',
    { name: 'Steve' },
  ],
  [
    'Flarum mention showing the display name',
    'flarum-discussion',
    'a.UserMention',
    { name: 'alex_builds', displayName: 'Alex the Builder' },
  ],
  [
    'Flarum liked by "You"',
    'flarum-discussion',
    '.Post-likedBy a[href="/u/pixel_viewer"]',
    { name: 'pixel_viewer', displayName: 'You' },
  ],
  ['Flarum liked by Steve', 'flarum-discussion', '.Post-likedBy a[href="/u/Steve"]', { name: 'Steve' }],
  ['Flarum "2 others"', 'flarum-discussion', '.Post-likedBy a[href="#"]', null],
  ['Flarum deleted author', 'flarum-discussion', '[data-number="3"] span.username', null],
  ['Flarum post link to 1drv.ms/u/ ("here")', 'flarum-discussion', '[data-number="1"] .Post-body a', null],
  [
    'Flarum post link to researchgate /profile/',
    'flarum-discussion',
    '[data-number="2"] a[href*="researchgate"]',
    null,
  ],
  // NamelessMC 2
  ['NamelessMC avatar', 'namelessmc-topic', '[post-id="41"] #post-sidebar img', { name: 'PixelPioneer' }],
  [
    'NamelessMC nickname in the header',
    'namelessmc-topic',
    '[post-id="41"] h3.ui.header a',
    { name: 'PixelPioneer', displayName: 'Pixel Pioneer' },
  ],
  [
    'NamelessMC nickname in the post meta',
    'namelessmc-topic',
    '[post-id="41"] #post-meta a',
    { name: 'PixelPioneer', displayName: 'Pixel Pioneer' },
  ],
  [
    'NamelessMC mention of a nickname',
    'namelessmc-topic',
    '[post-id="42"] .forum_post a',
    { name: 'PixelPioneer', displayName: 'Pixel Pioneer' },
  ],
  [
    'NamelessMC author with the same name',
    'namelessmc-topic',
    '[post-id="42"] h3.ui.header a',
    { name: 'Steve' },
  ],
  [
    'NamelessMC post link to researchgate /profile/ ("here")',
    'namelessmc-topic',
    '[post-id="41"] .forum_post a[href*="researchgate"]',
    null,
  ],
  [
    'NamelessMC post link to 1drv.ms/u/',
    'namelessmc-topic',
    '[post-id="41"] .forum_post a[href^="https://1drv.ms"]',
    null,
  ],
];

describe('username detection on real forum markup', () => {
  it.each(CHECKS)('%s', (_, fixture, selector, expected) => {
    expect(hover(fixture, selector)).toEqual(expected);
  });
});

describe('detectForumEngine on real forum markup', () => {
  it.each([
    ['xenforo-thread', 'xenforo'],
    ['phpbb-viewtopic', 'phpbb'],
    ['discourse-topic', 'discourse'],
    ['flarum-discussion', 'flarum'],
    ['namelessmc-topic', 'namelessmc'],
  ] as const)('%s is %s', (fixture, engine) => {
    expect(detectForumEngine(page(fixture))).toBe(engine);
  });

  it('recognises nothing on a page without markers', () => {
    const plain = new DOMParser().parseFromString(
      '<!doctype html><body><a class="username">Steve</a></body>',
      'text/html',
    );
    expect(detectForumEngine(plain)).toBeNull();
  });
});
