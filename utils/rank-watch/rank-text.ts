import type { LeaderboardType } from '../api/vocabulary';
import { t } from '../i18n/translate';
import type { BoardPlace, RankChange } from './rank-changes';

/**
 * Rank watch's words (locales `rankWatch.*`): the card's line per board and each change's
 * notification. "Position" on a board, not the player's server rank (components/RankText.tsx).
 */

export function boardName(board: LeaderboardType): string {
  if (board === 'balance') return t('rankWatch.board.balance');
  if (board === 'shards') return t('rankWatch.board.shards');
  return t('rankWatch.board.kills');
}

/** "#37 in kills, up 3 since yesterday", "not in the top 100 in shards". */
export function boardPlaceText({ board, place, since }: BoardPlace): string {
  const name = boardName(board);
  if (place === null) {
    if (since?.kind === 'left') return t('rankWatch.card.leftSince', { board: name, was: since.was });
    return t('rankWatch.card.out', { board: name });
  }
  if (since === undefined) return t('rankWatch.card.place', { board: name, place });
  if (since.kind === 'entered') return t('rankWatch.card.enteredSince', { board: name, place });
  if (since.kind !== 'moved' || since.by === 0) return t('rankWatch.card.same', { board: name, place });
  if (since.by > 0) return t('rankWatch.card.up', { board: name, place, by: since.by });
  return t('rankWatch.card.down', { board: name, place, by: -since.by });
}

export function rankChangeText(change: RankChange): { title: string; message: string } {
  const board = boardName(change.board);
  if (change.kind === 'overtaken')
    return {
      title: t('rankWatch.notify.overtakenTitle', { name: change.name, board }),
      message: t('rankWatch.notify.overtakenMessage', { board, place: change.place }),
    };
  if (change.kind === 'entered')
    return {
      title: t('rankWatch.notify.enteredTitle', { name: change.name, board, top: change.top }),
      message: t('rankWatch.notify.placeMessage', { board, place: change.place }),
    };
  return {
    title: t('rankWatch.notify.leftTitle', { name: change.name, board, top: change.top }),
    message:
      change.place === null
        ? t('rankWatch.notify.outMessage', { board })
        : t('rankWatch.notify.placeMessage', { board, place: change.place }),
  };
}
