import type { MessageHandlers } from '@/utils/messages';
import type { Gateway } from './gateway';

type GatewayMessage = 'player' | 'player-card' | 'auction-search' | 'leaderboard' | 'check-connection';

/** The look-ups that go straight to the gateway (its cache, dedupe and pause answer them). */
export function gatewayHandlers(
  gateway: Pick<Gateway, 'player' | 'auctionSearch' | 'leaderboard' | 'health'>,
): Pick<MessageHandlers, GatewayMessage> {
  return {
    player: (request) => gateway.player(request.identifier),
    'player-card': (request) => gateway.player(request.name),
    'auction-search': ({ item, sort, limit, fresh }) =>
      gateway.auctionSearch({ item, sort, limit, ...(fresh ? { fresh } : {}) }),
    leaderboard: (request) => gateway.leaderboard(request.board, request.limit),
    'check-connection': () => gateway.health(),
  };
}
