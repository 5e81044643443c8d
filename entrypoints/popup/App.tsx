import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { lazyView } from '../../components/lazy-view';
import { askBackground } from '../../utils/ask-background';
import type { LastCount } from '../../utils/last-count';
import { watchStorage } from '../../utils/storage-item';
import { SETTINGS_STORAGE_KEY } from '../../utils/storage-keys';
import { Header } from './Header';
import { type OpenPlayerRequest, PlayerTab } from './player/PlayerTab';
import { POPUP_TABS, type PopupState, type PopupTab, savePopupState } from './popup-state';
import { SetupPrompt } from './SetupPrompt';
import { panelId, TabList, tabId } from './TabList';

// Every tab but the first loads on demand (components/lazy-view.tsx says why).
const AuctionsTab = lazyView(() => import('./auctions/AuctionsTab').then((module) => module.AuctionsTab));
const LeaderboardTab = lazyView(() =>
  import('./leaderboard/LeaderboardTab').then((module) => module.LeaderboardTab),
);
const WatchlistTab = lazyView(() => import('./watchlist/WatchlistTab').then((module) => module.WatchlistTab));

type Connection = 'checking' | 'configured' | 'not-configured';

export interface AppProps {
  /** Where the user was when the popup last closed (read before the first render). */
  initialState: PopupState;
  /** The badge's last online count, shown until a fresh one arrives (read before the first render). */
  lastCount?: LastCount | undefined;
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
}

async function checkConnection(): Promise<Connection> {
  try {
    const status = await askBackground({ type: 'connection-status' });
    return status.hasKey && status.baseUrl !== '' ? 'configured' : 'not-configured';
  } catch {
    // The background gave no usable answer: show the tabs; their own requests will say what is wrong.
    return 'configured';
  }
}

/**
 * The popup: header, then either the one-step setup prompt (no key or base URL yet) or the
 * three tabs. The shell renders at once; each tab mounts when first shown and stays mounted
 * (hidden) so switching back keeps its state.
 */
export function App({ initialState, lastCount }: AppProps) {
  const [state, setState] = useState<PopupState>(initialState);
  const [connection, setConnection] = useState<Connection>('checking');
  const [visited, setVisited] = useState<ReadonlySet<PopupTab>>(() => new Set([initialState.tab]));
  const [openRequest, setOpenRequest] = useState<OpenPlayerRequest | null>(null);
  const [focusField, setFocusField] = useState<PopupTab | null>(null);
  const playerField = useRef<HTMLInputElement>(null);
  const auctionField = useRef<HTMLInputElement>(null);
  const stateRef = useRef(state);

  // Saved as it changes, not in an effect: effects run after the next paint, and a popup closed
  // in that moment (type, then Escape) would forget what was typed.
  const update = useCallback((patch: Partial<PopupState>) => {
    const current = stateRef.current;
    if (Object.entries(patch).every(([key, value]) => current[key as keyof PopupState] === value)) return;
    const next = { ...current, ...patch };
    stateRef.current = next;
    setState(next);
    void savePopupState(next);
  }, []);

  useEffect(() => {
    let live = true;
    const check = () =>
      void checkConnection().then((next) => {
        if (live) setConnection(next);
      });
    check();
    // Any change to the settings may change the connection; the background says how.
    const unwatch = watchStorage(`local:${SETTINGS_STORAGE_KEY}`, check);
    window.addEventListener('focus', check);
    return () => {
      live = false;
      unwatch();
      window.removeEventListener('focus', check);
    };
  }, []);

  const selectTab = useCallback(
    (tab: PopupTab) => {
      setVisited((current) => (current.has(tab) ? current : new Set([...current, tab])));
      update({ tab });
    },
    [update],
  );

  const openPlayer = useCallback(
    (name: string) => {
      selectTab('player');
      setOpenRequest((current) => ({ name, id: (current?.id ?? 0) + 1 }));
    },
    [selectTab],
  );

  // `/` focuses the search field of the current tab (the auction search from the leaderboard).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isEditable(event.target))
        return;
      event.preventDefault();
      const target = stateRef.current.tab === 'player' ? 'player' : 'auctions';
      selectTab(target);
      setFocusField(target);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [selectTab]);

  useEffect(() => {
    if (focusField === null) return;
    (focusField === 'player' ? playerField : auctionField).current?.focus();
    setFocusField(null);
  });

  const onLookup = useCallback((playerQuery: string) => update({ playerQuery }), [update]);
  const onAuctionChange = useCallback(
    (auctionQuery: string, auctionSort: PopupState['auctionSort']) => update({ auctionQuery, auctionSort }),
    [update],
  );
  const onLeaderboardChange = useCallback(
    (leaderboardBoard: PopupState['leaderboardBoard'], leaderboardLimit: PopupState['leaderboardLimit']) =>
      update({ leaderboardBoard, leaderboardLimit }),
    [update],
  );

  if (connection === 'not-configured') {
    return (
      <div class="popup">
        <Header configured={false} />
        <SetupPrompt />
      </div>
    );
  }

  const panel = (tab: PopupTab) => {
    switch (tab) {
      case 'player':
        return (
          <PlayerTab
            initialQuery={initialState.playerQuery}
            openRequest={openRequest}
            onLookup={onLookup}
            fieldRef={playerField}
          />
        );
      case 'auctions':
        return (
          <AuctionsTab
            initialQuery={initialState.auctionQuery}
            initialSort={initialState.auctionSort}
            onChange={onAuctionChange}
            onOpenPlayer={openPlayer}
            fieldRef={auctionField}
          />
        );
      case 'leaderboard':
        return (
          <LeaderboardTab
            initialBoard={initialState.leaderboardBoard}
            initialLimit={initialState.leaderboardLimit}
            onChange={onLeaderboardChange}
            onOpenPlayer={openPlayer}
          />
        );
      case 'watchlist':
        return <WatchlistTab onOpenPlayer={openPlayer} />;
    }
  };

  return (
    <div class="popup">
      {/* While the connection is being checked, the header and the first tab start as if it were
          set up (it nearly always is): the popup is usable one round trip sooner. */}
      <Header configured lastCount={lastCount} />
      <main class="tab-area" aria-busy={connection === 'checking'}>
        <TabList tabs={POPUP_TABS} selected={state.tab} onSelect={selectTab} />
        <div class="tab-panels">
          {POPUP_TABS.map((tab) => (
            <section
              key={tab}
              id={panelId(tab)}
              class="tab-panel"
              role="tabpanel"
              aria-labelledby={tabId(tab)}
              hidden={tab !== state.tab}
            >
              {visited.has(tab) && panel(tab)}
            </section>
          ))}
        </div>
      </main>
    </div>
  );
}
