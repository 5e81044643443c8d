import { useRef } from 'preact/hooks';
import { type MessageKey, t } from '../../utils/i18n/translate';
import type { PopupTab } from './popup-state';

const TAB_LABELS = {
  player: 'popup.tabs.player',
  auctions: 'popup.tabs.auctions',
  leaderboard: 'popup.tabs.leaderboard',
  watchlist: 'popup.tabs.watchlist',
} as const satisfies Record<PopupTab, MessageKey>;

export const tabId = (tab: PopupTab) => `tab-${tab}`;
export const panelId = (tab: PopupTab) => `panel-${tab}`;

export interface TabListProps {
  tabs: readonly PopupTab[];
  selected: PopupTab;
  onSelect: (tab: PopupTab) => void;
}

/**
 * The popup's tabs (WAI-ARIA tabs pattern, automatic activation): one tab stop; Left/Right
 * move and select (wrapping), Home/End jump to the first/last.
 */
export function TabList({ tabs, selected, onSelect }: TabListProps) {
  const buttons = useRef(new Map<PopupTab, HTMLButtonElement>());

  const move = (event: KeyboardEvent) => {
    const index = tabs.indexOf(selected);
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % tabs.length;
        break;
      case 'ArrowLeft':
        next = (index - 1 + tabs.length) % tabs.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = tabs.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const tab = tabs[next];
    if (tab === undefined) return;
    onSelect(tab);
    buttons.current.get(tab)?.focus();
  };

  return (
    <div class="tab-list" role="tablist" aria-label={t('popup.tabs.label')} onKeyDown={move}>
      {tabs.map((tab) => (
        <button
          key={tab}
          ref={(element) => {
            if (element) buttons.current.set(tab, element);
            else buttons.current.delete(tab);
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          class="tab-list__tab"
          aria-selected={tab === selected}
          aria-controls={panelId(tab)}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => onSelect(tab)}
        >
          {t(TAB_LABELS[tab])}
        </button>
      ))}
    </div>
  );
}
