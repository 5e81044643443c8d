import { describe, expect, it } from 'vitest';
import {
  escapeXml,
  omniboxDescriptionsAreMarkup,
  renderDescription,
} from '@/entrypoints/background/lookup/omnibox-description';

/** Parses a Chrome description the way an XML parser would (wrapped in a root element). */
function parseXml(description: string): Document {
  return new DOMParser().parseFromString(`<root>${description}</root>`, 'application/xml');
}

describe('escapeXml', () => {
  it('escapes the five predefined entities', () => {
    expect(escapeXml(`<b>&"'`)).toBe('&lt;b&gt;&amp;&quot;&apos;');
  });

  it('replaces characters XML forbids even escaped, keeps the rest', () => {
    expect(escapeXml('a\u0000b\u0008c\u001fd\uFFFEe\uFFFF')).toBe('a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFD');
    expect(escapeXml('tab\tnl\ncr\r')).toBe('tab\tnl\ncr\r');
    expect(escapeXml('lone \uD800 and \uDC00')).toBe('lone \uFFFD and \uFFFD');
    expect(escapeXml('pair 😀 é ✓')).toBe('pair 😀 é ✓');
  });
});

describe('renderDescription', () => {
  const segments = [
    { text: 'Look up ' },
    { text: 'a<b&c', style: 'match' as const },
    { text: ' in Network Companion', style: 'dim' as const },
  ];

  it('writes XML for Chrome: tags for styles, text escaped, and it parses', () => {
    const description = renderDescription(segments, true);
    expect(description).toBe('Look up <match>a&lt;b&amp;c</match><dim> in Network Companion</dim>');
    const doc = parseXml(description);
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.textContent).toBe('Look up a<b&c in Network Companion');
    expect(doc.getElementsByTagName('match')[0]?.textContent).toBe('a<b&c');
  });

  it('writes plain text for Firefox: nothing escaped, no tags', () => {
    expect(renderDescription(segments, false)).toBe('Look up a<b&c in Network Companion');
  });

  it('leaves out the tags of an empty segment', () => {
    expect(renderDescription([{ text: 'x' }, { text: '', style: 'dim' }], true)).toBe('x');
  });
});

describe('omniboxDescriptionsAreMarkup', () => {
  it('Chromium (no runtime.getBrowserInfo): markup', () => {
    expect(omniboxDescriptionsAreMarkup({ id: 'x', getURL: () => '' })).toBe(true);
  });

  it('Firefox (runtime.getBrowserInfo): plain text', () => {
    expect(omniboxDescriptionsAreMarkup({ id: 'x', getBrowserInfo: async () => ({ name: 'Firefox' }) })).toBe(
      false,
    );
  });
});
