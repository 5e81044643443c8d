/**
 * Text a hostile or careless API server may send in the fields players write themselves
 * (ranks, names, item display names), shared by the unit tests, the hostile API server
 * (hostile-api.ts) and the end-to-end tests. Every entry must reach the screen as the text it
 * is (colour codes aside): no element, attribute, URL or script may come out of any of them.
 */

/** The characters each hostile text is built from, named. */
export const RLO = '\u202e'; // RIGHT-TO-LEFT OVERRIDE, never closed
export const LRO = '\u202d';
export const RLE = '\u202b';
export const RLI = '\u2067'; // RIGHT-TO-LEFT ISOLATE, never closed
export const PDF = '\u202c';
export const ZWSP = '\u200b';
export const ZWJ = '\u200d';
export const WORD_JOINER = '\u2060';
export const BOM = '\ufeff';

/** 10,000 characters without a single break opportunity. */
export const LONG_WORD = 'W'.repeat(10_000);

/** Every colour and format code of docs/api-spec.md §2.4, in both cases, each followed by a letter. */
export const EVERY_CODE = [...'0123456789abcdefklmnorABCDEFKLMNOR'].map((code) => `&${code}${code}`).join('');

export interface HostileText {
  /** What the text tries to do. */
  readonly label: string;
  readonly text: string;
}

/** Strings meant to become markup, script or links if treated as HTML. */
export const MARKUP_TEXTS: readonly HostileText[] = [
  { label: 'an img with onerror', text: '<img src=x onerror=alert(1)>' },
  { label: 'a script element', text: '<script>alert(1)</script>' },
  { label: 'an svg with onload', text: '<svg onload=alert(1)><circle r=9 /></svg>' },
  { label: 'an iframe', text: '<iframe src="javascript:alert(1)"></iframe>' },
  { label: 'an attribute break-out', text: '"><img src=x onerror=alert(1)>\'' },
  { label: 'a javascript: URL', text: 'javascript:alert(document.domain)' },
  { label: 'a link with a javascript: URL', text: '<a href="javascript:alert(1)">click</a>' },
  { label: 'HTML entities', text: '&lt;b&gt;not bold&lt;/b&gt; &amp;amp; &#60;i&#62;' },
  { label: 'a style element', text: '<style>*{display:none!important}</style>' },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection is the point.
  { label: 'a template injection', text: '{{constructor.constructor("alert(1)")()}} ${alert(1)}' },
];

/** Strings meant to disturb layout or reading. */
export const LAYOUT_TEXTS: readonly HostileText[] = [
  { label: 'a right-to-left override left open', text: `${RLO}nimdA` },
  { label: 'a right-to-left isolate left open', text: `${RLI}VIP` },
  { label: 'left-to-right and right-to-left embeddings', text: `${LRO}a${RLE}b${PDF}c` },
  { label: 'zero-width characters', text: `St${ZWSP}e${ZWJ}v${WORD_JOINER}e${BOM}` },
  { label: '10,000 characters with no break', text: LONG_WORD },
  { label: 'control characters', text: 'Tab\there\nnew line\r\u0000null\u0007bell' },
  { label: 'combining marks', text: `Z${'\u0336\u0334\u0335'.repeat(20)}algo` },
];

/** Strings meant to confuse the colour-code parser. */
export const CODE_TEXTS: readonly HostileText[] = [
  { label: 'an & at the end', text: '&cADMIN&' },
  { label: 'only an &', text: '&' },
  { label: 'runs of &', text: '&&&&c&&' },
  { label: 'unknown codes', text: '&z&Z&x&#FF0000&g' },
  { label: 'every code in both cases', text: EVERY_CODE },
  { label: 'codes around markup', text: '&c<b>&lADMIN</b>&r<script>&ealert(1)</script>&' },
  { label: 'the demo fixture rank', text: '<img src=x onerror=alert(1)>&c<script>alert(1)</script>&' },
];

export const HOSTILE_TEXTS: readonly HostileText[] = [...MARKUP_TEXTS, ...LAYOUT_TEXTS, ...CODE_TEXTS];

/**
 * The players the hostile API server knows: each asked for by a valid game name (the only
 * thing the extension ever asks for), each answering with hostile text in its name and rank.
 */
export interface HostilePlayerText {
  /** The game name the extension asks for. */
  readonly ask: string;
  /** `name` in the answer. */
  readonly name: string;
  /** `rank.display` in the answer. */
  readonly rank: string;
  readonly online: boolean;
}

export const HOSTILE_PLAYERS: readonly HostilePlayerText[] = [
  {
    ask: 'Hx_Markup',
    name: '<img src=x onerror=alert(1)><script>alert(2)</script>',
    rank: '&c<b>ADMIN</b>&l<svg onload=alert(3)>&',
    online: true,
  },
  {
    ask: 'Hx_Link',
    name: 'javascript:alert(document.domain)',
    rank: '&9<a href="javascript:alert(1)">click</a>&r',
    online: false,
  },
  { ask: 'Hx_Bidi', name: `${RLO}evil${PDF}_Steve`, rank: `&a${RLO}nimdA`, online: false },
  { ask: 'Hx_ZeroWidth', name: `St${ZWSP}eve${ZWJ}${BOM}`, rank: `&6${ZWSP}VIP${WORD_JOINER}`, online: true },
  { ask: 'Hx_Long', name: LONG_WORD, rank: `&e${'M'.repeat(10_000)}`, online: true },
  { ask: 'Hx_Codes', name: 'Amp&', rank: `${EVERY_CODE}&`, online: false },
  { ask: 'Hx_Controls', name: 'New\nLine\u0000', rank: '&cTab\there\r\u0007', online: false },
];

/** The names a forum page shows for the hostile players (all valid game names). */
export const HOSTILE_PLAYER_ASKS: readonly string[] = HOSTILE_PLAYERS.map((player) => player.ask);
