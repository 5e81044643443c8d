import { useRef, useState } from 'preact/hooks';
import { DisclosureForm } from '@/components/DisclosureForm';
import type { ApiError } from '@/utils/api/errors';
import { parseIdentifier } from '@/utils/api/identifiers';
import type { Player } from '@/utils/api/schemas';
import { askBackground } from '@/utils/ask-background';
import { t } from '@/utils/i18n/translate';
import { CompareResult } from './PlayerCompare';
import './compare.css';

/**
 * The Watchlist's "Compare two…" (a lazyView, loaded when the list has two players): pick two
 * watched players, look both up (the gateway's cache answers what Check now just fetched) and
 * show them side by side as the card's Compare does.
 */

type Pair =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; error: ApiError; at: number }
  | { status: 'done'; left: Player; right: Player };

export interface WatchedPlayer {
  uuid: string;
  name: string;
}

async function fetchPlayer(
  uuid: string,
): Promise<{ ok: true; player: Player } | { ok: false; error: ApiError }> {
  const parsed = parseIdentifier(uuid);
  if (!parsed.ok) return { ok: false, error: { kind: 'not-found', identifier: uuid } };
  const reply = await askBackground({ type: 'player', identifier: parsed.value });
  return reply.ok ? { ok: true, player: reply.data } : { ok: false, error: reply.error };
}

export function WatchlistCompare({ players }: { players: readonly WatchedPlayer[] }) {
  const [first, setFirst] = useState(players[0]?.uuid ?? '');
  const [second, setSecond] = useState(players[1]?.uuid ?? '');
  const [invalid, setInvalid] = useState('');
  const [pair, setPair] = useState<Pair>({ status: 'idle' });
  const firstRef = useRef<HTMLSelectElement>(null);
  const id = 'watchlist-compare';

  const compare = async () => {
    if (first === second) {
      setInvalid(t('compare.samePick'));
      return;
    }
    setInvalid('');
    setPair({ status: 'loading' });
    const [left, right] = await Promise.all([fetchPlayer(first), fetchPlayer(second)]);
    if (!left.ok) setPair({ status: 'failed', error: left.error, at: Date.now() });
    else if (!right.ok) setPair({ status: 'failed', error: right.error, at: Date.now() });
    else setPair({ status: 'done', left: left.player, right: right.player });
  };

  const picker = (which: 'first' | 'second') => (
    <>
      <label class="field-label" for={`${id}-${which}`}>
        {t(which === 'first' ? 'compare.first' : 'compare.second')}
      </label>
      <select
        ref={which === 'first' ? firstRef : undefined}
        id={`${id}-${which}`}
        class="text-field"
        value={which === 'first' ? first : second}
        aria-invalid={invalid !== ''}
        onChange={(event) => {
          (which === 'first' ? setFirst : setSecond)(event.currentTarget.value);
          setInvalid('');
        }}
      >
        {players.map((player) => (
          <option key={player.uuid} value={player.uuid}>
            {player.name}
          </option>
        ))}
      </select>
    </>
  );

  return (
    <DisclosureForm
      id={id}
      opener={t('compare.pickTwo')}
      class="player-compare"
      formClass="player-compare__form"
      firstField={firstRef}
      onClose={() => {
        setPair({ status: 'idle' });
        setInvalid('');
      }}
      onSubmit={() => void compare()}
      body={{
        class: 'player-compare__body',
        after: (
          <CompareResult
            shown={
              pair.status === 'loading'
                ? { status: 'loading', text: t('compare.lookingUpTwo') }
                : pair.status === 'failed'
                  ? { ...pair, retry: () => void compare() }
                  : pair
            }
          />
        ),
      }}
    >
      {(close) => (
        <>
          {picker('first')}
          {picker('second')}
          {invalid !== '' && <p class="field-error">{invalid}</p>}
          <div class="player-compare__row">
            <button type="submit" class="button button--primary">
              {t('compare.submit')}
            </button>
            <button type="button" class="button" onClick={close}>
              {t('compare.close')}
            </button>
          </div>
        </>
      )}
    </DisclosureForm>
  );
}
