import type { ComponentChild } from 'preact';
import cardCss from '../../components/player-card.css?inline';
import wheelCss from '../../components/spinner-wheel.css?inline';
import type { CardUi, CardUiOptions, HoverCardProps } from '../../utils/forum/card-ui-handshake';
import { type CardHost, createCardHost } from './card-host';
import { HoverCard } from './HoverCard';
import css from './hover-card.css?inline';

export function createCardUi(options: CardUiOptions): CardUi {
  const host: CardHost = createCardHost({
    doc: options.doc,
    css: `${cardCss}\n${wheelCss}\n${css}`,
    signal: options.signal,
  });
  const view = (props: HoverCardProps): ComponentChild => <HoverCard {...props} />;
  return {
    get host() {
      return host.host;
    },
    show: (anchor, props) => host.show(anchor, view(props)),
    hide: () => host.hide(),
    focusables: () => host.focusables(),
    activeInCard: () => host.activeInCard(),
  };
}
