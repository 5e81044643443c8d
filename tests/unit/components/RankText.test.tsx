import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { RankText } from '@/components/RankText';
import { contrastRatio, readableOn, THEME_BACKGROUNDS } from '@/utils/colour-codes';

const OBFUSCATED_TITLE = 'obfuscated in game';

function spansOf(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(':scope > span'));
}

function rootOf(container: Element): HTMLElement {
  const root = container.firstElementChild;
  if (!(root instanceof HTMLElement)) throw new Error('no root element');
  return root;
}

describe('RankText', () => {
  // vitest globals are off, so Testing Library cannot register its own cleanup.
  afterEach(cleanup);

  it('renders &c&lADMIN as one red bold span', () => {
    const { container } = render(<RankText text="&c&lADMIN" />);
    const root = rootOf(container);
    expect(root.textContent).toBe('ADMIN');
    const [span, ...rest] = spansOf(root);
    expect(rest).toHaveLength(0);
    expect(span?.textContent).toBe('ADMIN');
    expect(span?.style.fontWeight).toBe('bold');
    expect(span?.style.getPropertyValue('--rank-c-light')).toBe(readableOn('#FF5555', 'light'));
    expect(span?.style.getPropertyValue('--rank-c-dark')).toBe(readableOn('#FF5555', 'dark'));
    expect(span?.style.color).toBe('var(--rank-c, var(--rank-c-light))');
    expect(span?.classList.contains('rank-text__c')).toBe(true);
    expect(screen.getByText('ADMIN')).toBe(span);
  });

  it('uses theme colours that contrast 4.5:1 and stay red', () => {
    const { container } = render(<RankText text="&cRed" />);
    const span = spansOf(rootOf(container))[0];
    const light = span?.style.getPropertyValue('--rank-c-light') ?? '';
    const dark = span?.style.getPropertyValue('--rank-c-dark') ?? '';
    expect(contrastRatio(light, THEME_BACKGROUNDS.light)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dark, THEME_BACKGROUNDS.dark)).toBeGreaterThanOrEqual(4.5);
    expect(light).toMatch(/^#[A-F0-9]{2}0000$/);
  });

  it('never shows colour codes, only literal &s', () => {
    const { container } = render(<RankText text="&6[&e&lVIP&6]&r Tom & Jerry&" />);
    const root = rootOf(container);
    expect(root.textContent).toBe('[VIP] Tom & Jerry&');
    expect(root.textContent).not.toMatch(/&[0-9a-fk-or]/i);
    expect(spansOf(root).map((s) => s.textContent)).toEqual(['[', 'VIP', ']', ' Tom & Jerry&']);
  });

  it('renders nothing visible for text that is only codes', () => {
    for (const text of ['', '&c&l&r']) {
      const { container, unmount } = render(<RankText text={text} />);
      expect(rootOf(container).textContent).toBe('');
      unmount();
    }
  });

  it('renders <script> text as text, creating no element', () => {
    const text = '&c<script>alert(1)</script><img src=x onerror=alert(2)>';
    const { container } = render(<RankText text={text} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    const root = rootOf(container);
    expect(root.textContent).toBe('<script>alert(1)</script><img src=x onerror=alert(2)>');
    expect(root.querySelectorAll('*')).toHaveLength(1);
  });

  it('reads as the plain words: no role, no label, no codes', () => {
    // An expression, not a JSX attribute string: JSX would decode `&amp;` itself.
    const { container } = render(<RankText text={'&4&lOWNER &r&7Ste&8ve &amp; co'} />);
    const root = rootOf(container);
    expect(root.hasAttribute('role')).toBe(false);
    expect(root.hasAttribute('aria-label')).toBe(false);
    expect(root.textContent).toBe('OWNER Steve mp; co');
    expect(screen.getByText('OWNER', { exact: false })).toBeTruthy();
  });

  it('adds the caller class to the root', () => {
    const { container } = render(<RankText text="&aX" class="card__rank" />);
    expect(rootOf(container).className).toBe('rank-text card__rank');
  });

  it('styles italic, underline and strikethrough', () => {
    const { container } = render(<RankText text="&oI&r&nU&r&mS&r&n&mB" />);
    const [italic, underline, strike, both] = spansOf(rootOf(container));
    expect(italic?.style.fontStyle).toBe('italic');
    expect(underline?.style.textDecoration).toBe('underline');
    expect(strike?.style.textDecoration).toBe('line-through');
    expect(both?.style.textDecoration).toBe('underline line-through');
  });

  it('leaves uncoloured, unformatted text unstyled', () => {
    const { container } = render(<RankText text="Member" />);
    const [span] = spansOf(rootOf(container));
    expect(span?.getAttribute('style') ?? '').toBe('');
    expect(span?.getAttribute('class')).toBeNull();
  });

  it('shows obfuscated text as itself, with a class and a title', () => {
    const { container } = render(<RankText text="&kSecret&r!" />);
    const [obfuscated, plain] = spansOf(rootOf(container));
    expect(obfuscated?.textContent).toBe('Secret');
    expect(obfuscated?.classList.contains('rank-text__obf')).toBe(true);
    expect(obfuscated?.title).toBe(OBFUSCATED_TITLE);
    expect(OBFUSCATED_TITLE).toBe('obfuscated in game');
    expect(plain?.hasAttribute('title')).toBe(false);
  });
});
