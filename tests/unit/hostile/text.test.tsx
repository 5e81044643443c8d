// Specifies components/RankText.tsx, components/PlayerCard.tsx, components/ErrorNotice.tsx,
// entrypoints/hover-card/HoverCard.tsx and entrypoints/popup/auctions/AuctionListingItem.tsx against hostile
// text.
import { cleanup, render } from '@testing-library/preact';
import type { ComponentChild } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorNotice } from '@/components/ErrorNotice';
import { PlayerCard } from '@/components/PlayerCard';
import { RankText } from '@/components/RankText';
import { HOSTILE_PLAYERS, HOSTILE_TEXTS } from '@/demo/hostile-strings';
import { HoverCard } from '@/entrypoints/hover-card/HoverCard';
import { AuctionListingItem, placeListings } from '@/entrypoints/popup/auctions/AuctionListingItem';
import type { AuctionListing, Player } from '@/utils/api/schemas';
import { stripColourCodes } from '@/utils/colour-codes';
import { makeListing, makePlayer } from '../../fixtures/players';

/**
 * Hostile text from the API (hostile-strings.ts: markup, script, javascript: URLs, bidi and
 * zero-width characters, 10,000 characters, stray `&`, every colour code) through the
 * components that show it: each string comes out as text, and no element, attribute or URL
 * comes out of it. The oracle is a render of the same component with harmless text: the
 * hostile render may hold no tag and no attribute that one does not.
 */

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

/** Every tag name and every attribute name under `root` (the root included). */
function structure(root: Element): { tags: Set<string>; attributes: Set<string> } {
  const tags = new Set<string>();
  const attributes = new Set<string>();
  for (const element of [root, ...root.querySelectorAll('*')]) {
    tags.add(element.tagName.toLowerCase());
    for (const attribute of element.getAttributeNames()) attributes.add(attribute.toLowerCase());
  }
  return { tags, attributes };
}

/** Nothing under `root` may run script or navigate: no event handler, no URL-bearing attribute. */
function expectInert(root: Element): void {
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const attribute of element.getAttributeNames()) {
      expect(attribute.startsWith('on'), `${element.tagName} has ${attribute}`).toBe(false);
      expect(['href', 'src', 'srcdoc', 'action', 'formaction', 'xlink:href']).not.toContain(attribute);
      if (attribute === 'style')
        expect(element.getAttribute(attribute) ?? '').not.toMatch(/url\(|expression|javascript:/i);
    }
  }
  expect(root.querySelectorAll('script, style, img, svg, iframe, object, embed, a, b, i, link')).toHaveLength(
    0,
  );
}

/** Tags and attributes of `hostile` must be among those of `benign`. */
function expectSameKindOfMarkup(hostile: Element, benign: Element): void {
  const got = structure(hostile);
  const allowed = structure(benign);
  expect([...got.tags].filter((tag) => !allowed.tags.has(tag))).toEqual([]);
  expect([...got.attributes].filter((name) => !allowed.attributes.has(name))).toEqual([]);
}

/** Renders `node` alone and returns a detached copy of what it produced. */
function renderCopy(node: ComponentChild): Element {
  const { container } = render(node);
  const copy = container.cloneNode(true) as Element;
  cleanup();
  return copy;
}

let alert: ReturnType<typeof vi.fn>;

beforeEach(() => {
  alert = vi.fn();
  vi.stubGlobal('alert', alert);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  expect(alert).not.toHaveBeenCalled();
});

describe('RankText with hostile text', () => {
  const benign = renderCopy(<RankText text="&c&lADMIN &r&k&m&n&ox" />);

  for (const { label, text } of HOSTILE_TEXTS) {
    it(`${label}: shown as text without its codes, as spans only`, () => {
      const { container } = render(<RankText text={text} />);
      const root = container.firstElementChild as Element;
      expect(root.textContent).toBe(stripColourCodes(text));
      expectInert(root);
      expectSameKindOfMarkup(root, benign);
      for (const element of root.querySelectorAll('*')) expect(element.tagName).toBe('SPAN');
    });
  }
});

describe('PlayerCard with hostile names and ranks', () => {
  const benignFull = renderCopy(<PlayerCard player={makePlayer()} variant="full" onOpenFull={() => {}} />);
  const benignCompact = renderCopy(
    <PlayerCard player={makePlayer()} variant="compact" onOpenFull={() => {}} />,
  );

  const hostilePlayers: { label: string; player: Player }[] = [
    ...HOSTILE_PLAYERS.map((hostile) => ({
      label: hostile.ask,
      player: makePlayer({
        name: hostile.name,
        online: hostile.online,
        rank: { id: hostile.rank, display: hostile.rank, weight: 1 },
      }),
    })),
    ...HOSTILE_TEXTS.map(({ label, text }) => ({
      label,
      player: makePlayer({ name: text, rank: { id: 'x', display: text, weight: 0 } }),
    })),
  ];

  for (const { label, player } of hostilePlayers) {
    it(`${label}: the name and rank are text, the card keeps its markup`, () => {
      for (const [variant, benign] of [
        ['full', benignFull],
        ['compact', benignCompact],
      ] as const) {
        const { container } = render(<PlayerCard player={player} variant={variant} onOpenFull={() => {}} />);
        const card = container.querySelector('article') as Element;
        expect(card.getAttribute('aria-label')).toBe(`Player ${player.name}`);
        expect(card.querySelector('.player-card__name')?.textContent).toBe(player.name);
        const rank = card.querySelector('.player-card__rank');
        const shownRank = stripColourCodes(player.rank.display);
        // A rank of nothing but codes (and spaces) is left out rather than shown empty.
        if (shownRank.trim() === '') expect(rank).toBeNull();
        else expect(rank?.textContent).toBe(shownRank);
        expectInert(card);
        expectSameKindOfMarkup(card, benign);
        // The stats, the buttons and the status are all still there.
        expect(card.textContent).toContain(player.online ? 'Online' : 'Offline');
        expect(card.querySelector('.player-card__open')?.textContent).toBe('Open in popup');
        cleanup();
      }
    });
  }

  it('the accent colour only ever comes from the code table', () => {
    for (const { text } of HOSTILE_TEXTS) {
      const { container } = render(
        <PlayerCard player={makePlayer({ rank: { id: 'x', display: text, weight: 0 } })} variant="full" />,
      );
      const style = (container.querySelector('article') as HTMLElement).getAttribute('style') ?? '';
      // Only custom properties holding #RRGGBB colours, nothing the text wrote.
      for (const declaration of style.split(';').filter((part) => part.trim() !== '')) {
        expect(declaration.trim()).toMatch(/^--card-accent(-light|-dark)?:\s*#[0-9a-f]{6}$/i);
      }
      cleanup();
    }
  });
});

describe('AuctionListingItem with hostile listings', () => {
  const place = (listing: AuctionListing) => {
    const [entry] = placeListings([listing], NOW, NOW);
    if (entry === undefined) throw new Error('listing expired');
    return entry;
  };
  const benign = renderCopy(
    <ul>
      <AuctionListingItem
        entry={place(makeListing({ display_name: '&6Cursed &k&lBlade', amount: 2 }))}
        onOpenPlayer={() => {}}
        now={NOW}
      />
    </ul>,
  );

  for (const { label, text } of HOSTILE_TEXTS) {
    it(`${label}: as display name, seller, material and formatted price`, () => {
      const onOpenPlayer = vi.fn();
      const listing = makeListing({
        display_name: text,
        seller: text,
        material: text.slice(0, 200),
        formatted_price: text,
        amount: 2,
        created_at_epoch: Math.floor(NOW / 1000) - 60,
        expires_at_epoch: Math.floor(NOW / 1000) + 3600,
        time_left_seconds: 3600,
      });
      const { container } = render(
        <ul>
          <AuctionListingItem entry={place(listing)} onOpenPlayer={onOpenPlayer} now={NOW} />
        </ul>,
      );
      const item = container.querySelector('li') as Element;
      expectInert(item);
      expectSameKindOfMarkup(item.parentElement as Element, benign);
      const seller = item.querySelector('.listing__meta button') as HTMLButtonElement;
      expect(seller.textContent).toBe(text);
      // The seller's name goes back to the view as the same text (the look-up refuses it there).
      seller.click();
      expect(onOpenPlayer).toHaveBeenCalledWith(text);
      if (stripColourCodes(text).trim() !== '') {
        expect(item.querySelector('.listing__name')?.textContent).toBe(stripColourCodes(text));
      }
    });
  }
});

describe('the hover card and error notices with hostile text', () => {
  for (const { label, text } of HOSTILE_TEXTS) {
    it(`${label}: as the name on the page and in a server's error message`, () => {
      const { container } = render(
        <>
          <HoverCard name={text} state={{ kind: 'loading' }} now={NOW} onOpenFull={() => {}} />
          <HoverCard
            name={text}
            state={{ kind: 'error', error: { kind: 'bad-request', message: text }, until: NOW }}
            now={NOW}
            onOpenFull={() => {}}
          />
          <ErrorNotice error={{ kind: 'bad-response', detail: text }} receivedAt={NOW} onRetry={() => {}} />
          <ErrorNotice error={{ kind: 'bad-request', message: text }} receivedAt={NOW} />
        </>,
      );
      expectInert(container);
      const [loading, failed] = container.querySelectorAll('[role="dialog"]');
      expect(loading?.getAttribute('aria-label')).toBe(text);
      expect(failed?.querySelector('h2')?.textContent).toBe(text);
      expect(failed?.textContent).toContain(`The server refused the request: ${text}`);
      // A bad-response detail is for logs: the notice says one plain sentence instead.
      const notices = container.querySelectorAll('[role="alert"]');
      expect(notices[0]?.textContent).toContain('The server sent an answer the extension could not read.');
      expect(notices[0]?.textContent).not.toContain(text.slice(0, 40));
    });
  }
});
