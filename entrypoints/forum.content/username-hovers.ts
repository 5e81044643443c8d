import { browser } from 'wxt/browser';
import type { CardUi, CreateCardUi, HoverCardState } from '../../utils/forum/card-ui-handshake';
import { findUsername } from '../../utils/forum/usernames';
import { sendRequest } from '../../utils/send-request';
import { createHoverController } from './hover-controller';
import { createPlayerMemo, type MemoEntry } from './hover-memo';
import { askPlayerCard, type PlayerCardReply } from './hover-reply';
import {
  DISABLED_HOVER_SETTINGS,
  type HoverSettings,
  hoverSettingsFor,
  SETTINGS_STORAGE_KEY,
} from './hover-settings';

/**
 * The forum hover cards, wired together: the settings for this origin (read once, then
 * watched), the delegated listeners (hover-controller.ts), the in-page reply memo
 * (hover-memo.ts) in front of the background gateway, and the card UI
 * (entrypoints/hover-card/), loaded the first time a name is hovered. Nothing here walks the page: the cost at load is
 * one storage read and six listeners on the document.
 */
export interface HoverCardsOptions {
  /** Loads the card UI (Preact, the card, placement): called once, when first needed. */
  loadCardUi: () => Promise<CreateCardUi>;
  doc?: Document;
  /** This page's origin, matched against the forum sites in the settings. */
  origin?: string;
  /** Aborted when the content script's context is invalidated. */
  signal?: AbortSignal;
  ask?: (name: string) => Promise<PlayerCardReply>;
  openFull?: (name: string) => void;
  now?: () => number;
}

/**
 * A rate-limited card is shown again once a second (its line counts down with utils/countdown.ts,
 * as every countdown does) and asks again when the wait is over. Not hooks/use-countdown.ts:
 * this script has no Preact until the card UI arrives, and the tick also drives the re-ask.
 */
const TICK_MS = 1000;

/**
 * Asks the background to open the full player view (the popup page with `?player=NAME`) in a
 * new tab. A content script cannot do it itself: Chrome refuses web pages, and so content
 * scripts, navigation to extension pages that are not web-accessible.
 */
function openFullView(name: string): void {
  sendRequest({ type: 'open-player-view', name }).catch(() => {
    // The background is gone (extension reloaded): nothing to open.
  });
}

export interface HoverCards {
  /** The username at `target` on this page (null when none, or when this is not a forum site). */
  usernameAt(target: EventTarget | null): string | null;
}

export function startHoverCards(options: HoverCardsOptions): HoverCards {
  const doc = options.doc ?? document;
  const origin = options.origin ?? location.origin;
  const now = options.now ?? Date.now;
  const openFull = options.openFull ?? openFullView;
  const { signal } = options;
  let settings: HoverSettings = DISABLED_HOVER_SETTINGS;
  const memo = createPlayerMemo({ ask: options.ask ?? askPlayerCard, now });
  let ui: CardUi | null = null;
  let uiLoading: Promise<CardUi | null> | null = null;
  let shown: { anchor: Element; name: string; displayName?: string } | null = null;
  let ticker: ReturnType<typeof setInterval> | undefined;

  const loadUi = (): Promise<CardUi | null> => {
    uiLoading ??= options.loadCardUi().then(
      (create) => {
        ui = create({ doc, signal });
        return ui;
      },
      () => {
        uiLoading = null; // try again on the next hover
        return null;
      },
    );
    return uiLoading;
  };

  const stopTicker = () => {
    clearInterval(ticker);
    ticker = undefined;
  };

  const present = (anchor: Element, name: string, entry: MemoEntry | undefined) => {
    if (shown?.anchor !== anchor) return;
    if (ui === null) {
      void loadUi().then((loaded) => {
        if (loaded !== null) present(anchor, name, entry);
      });
      return;
    }
    stopTicker();
    let state: HoverCardState;
    if (entry === undefined) state = { kind: 'loading' };
    else if (entry.reply.ok) state = { kind: 'player', player: entry.reply.data };
    else state = { kind: 'error', error: entry.reply.error, until: entry.until };
    ui.show(anchor, { name, displayName: shown.displayName, state, now: now(), onOpenFull: openFull });
    if (state.kind === 'error' && state.error.kind === 'rate-limited') {
      const { until } = state;
      ticker = setInterval(() => {
        // When the wait is over, ask once more (the memo no longer holds the error).
        if (now() >= until) load(anchor, name);
        else present(anchor, name, entry);
      }, TICK_MS);
    }
  };

  const load = (anchor: Element, name: string) => {
    const entry = memo.peek(name);
    present(anchor, name, entry);
    if (entry === undefined) void memo.get(name).then((fresh) => present(anchor, name, fresh));
  };

  // The forum site's origin (the settings matched it): profile links may point there.
  const find = (target: EventTarget | null) =>
    settings.enabled ? findUsername(target, settings.customSelector, origin) : null;
  const controller = createHoverController({
    doc,
    signal,
    find,
    delayMs: () => settings.hoverDelayMs,
    // The card UI is fetched while the delay runs, so it is ready when the card opens.
    onPending: () => void loadUi(),
    cardHost: () => ui?.host ?? null,
    focusables: () => ui?.focusables() ?? [],
    activeInCard: () => ui?.activeInCard() ?? null,
    open: (anchor, name, displayName) => {
      shown = { anchor, name, displayName };
      load(anchor, name);
    },
    close: () => {
      shown = null;
      stopTicker();
      ui?.hide();
    },
  });

  let changed = false;
  const apply = (stored: unknown) => {
    settings = hoverSettingsFor(stored, origin);
    if (!settings.enabled) controller.close();
  };
  const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'local' || !(SETTINGS_STORAGE_KEY in changes)) return;
    changed = true;
    // Another API server or key state may answer differently: forget what this page saw.
    memo.clear();
    apply(changes[SETTINGS_STORAGE_KEY]?.newValue);
  };
  browser.storage.onChanged.addListener(onChanged);
  signal?.addEventListener('abort', () => browser.storage.onChanged.removeListener(onChanged));
  browser.storage.local.get(SETTINGS_STORAGE_KEY).then(
    (items) => {
      if (!changed) apply(items[SETTINGS_STORAGE_KEY]);
    },
    () => {
      // Storage unreadable (context invalidated): stay disabled.
    },
  );
  return { usernameAt: (target) => find(target)?.name ?? null };
}
