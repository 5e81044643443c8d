import type { RefObject } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/ErrorNotice';
import { PlayerCard } from '@/components/PlayerCard';
import { Spinner } from '@/components/Spinner';
import { useLatestRequest } from '@/hooks/use-request';
import { parseIdentifier } from '@/utils/api/identifiers';
import type { Player } from '@/utils/api/schemas';
import { askBackground } from '@/utils/ask-background';
import { t } from '@/utils/i18n/translate';
import { markReady } from '@/utils/ready-marks';
import { getRecentPlayers, watchRecentPlayers } from '@/utils/recent-players';
import { openOptions } from '../open-options';
import type { CardData, CardDataAhead } from './card-data';
// The card's sections: one chunk, loaded once for all of them, ahead of the answer.
import {
  BoardPlaces,
  cardSectionsReady,
  PlayerCompare,
  PlayerGoals,
  PlayerHistory,
  PlayerNotes,
  PlayerProgress,
  PlayerWatch,
  preloadCardSections,
  readyCardSections,
} from './lazy-sections';

/** Asked from elsewhere in the popup (a seller, a leaderboard name): look this name up now. */
export interface OpenPlayerRequest {
  name: string;
  /** Changes on every request, so the same name can be asked twice. */
  id: number;
}

export interface PlayerTabProps {
  /** The last identifier looked up (restored when the popup reopens); looked up again at once. */
  initialQuery: string;
  openRequest: OpenPlayerRequest | null;
  /** A lookup was submitted: remember it for next time. */
  onLookup: (query: string) => void;
  fieldRef: RefObject<HTMLInputElement | null>;
}

type CardSections = Awaited<ReturnType<typeof cardSectionsReady>>;

const FIELD_ID = 'player-query';
const HINT_ID = 'player-query-hint';
const ERROR_ID = 'player-query-error';
const SUGGESTIONS_ID = 'recent-players';
/** Quick picks in the empty state. */
const RECENT_SHOWN = 5;

export function PlayerTab({ initialQuery, openRequest, onLookup, fieldRef }: PlayerTabProps) {
  const [input, setInput] = useState(initialQuery);
  const [invalid, setInvalid] = useState<string | null>(null);
  /** What was asked for, as typed: the 404 sentence names it. */
  const [asked, setAsked] = useState('');
  const [recent, setRecent] = useState<string[]>([]);
  /**
   * Each answer's card data (card-data.ts; undefined: the sections read their own), once read:
   * the card's Watch toggle and sections wait for it, and then render together in one commit.
   */
  const cardData = useRef(new WeakMap<Player, CardData | undefined>());
  const [, setDataRead] = useState(0);
  /** An answer waiting (CARD_AHEAD_WAIT_MS at most) for its data read ahead: still "looking up". */
  const holding = useRef<Player | undefined>(undefined);
  /** Watched, as the card's data read it, by UUID: the toggle saying the same changes nothing. */
  const readWatched = useRef(new Map<string, boolean>());
  /** The player on the card as the toggle beside the name last said (watched or not). */
  const [watchSeen, setWatchSeen] = useState<{ uuid: string; watched: boolean } | null>(null);
  const onWatched = useCallback(
    (uuid: string, watched: boolean) =>
      setWatchSeen((current) => {
        const known = current?.uuid === uuid ? current.watched : readWatched.current.get(uuid);
        return known === watched ? current : { uuid, watched };
      }),
    [],
  );
  const watchedOnCard = (player: Player) =>
    watchSeen?.uuid === player.uuid ? watchSeen.watched : (readWatched.current.get(player.uuid) ?? false);
  const { state, run, reset } = useLatestRequest<Player>();

  // The gateway records every name it looks up: the suggestions follow the stored list.
  useEffect(() => {
    markReady('lookup');
    preloadCardSections();
    let live = true;
    void getRecentPlayers().then((names) => {
      if (live) setRecent(names);
    });
    const unwatch = watchRecentPlayers(setRecent);
    return () => {
      live = false;
      unwatch();
    };
  }, []);

  const lookUp = useCallback(
    (raw: string) => {
      const parsed = parseIdentifier(raw);
      if (!parsed.ok) {
        setInvalid(parsed.message);
        reset();
        return;
      }
      setInvalid(null);
      setAsked(raw.trim());
      onLookup(raw.trim());
      // The stored part of the card's data is read while the answer is on its way.
      let ahead: CardDataAhead | undefined;
      const readStored = (sections: CardSections) => {
        const stored = sections.readStoredCardData();
        stored.catch(() => undefined); // the sections then read for themselves, and say so
        // And, when the answer's player is known already, their part too: in the answer's commit.
        ahead = sections.readCardDataAhead(parsed, stored);
      };
      const loaded = readyCardSections();
      if (loaded) readStored(loaded);
      else
        cardSectionsReady()
          .then(readStored)
          .catch(() => undefined);
      const asked = askBackground({ type: 'player', identifier: parsed.value });
      // Before the answer renders (registered ahead of run's own wait): its card's data.
      asked.then(
        (reply) => {
          if (!reply.ok) return;
          const player = reply.data;
          // Sections not loaded yet (a look-up as the popup opens): they show with the card, each
          // reading its own data behind its "Loading…", rather than wait for the chunk.
          if (ahead === undefined) {
            cardData.current.set(player, undefined);
            return;
          }
          const read = ahead;
          const keep = (data: CardData | undefined) => {
            if (data) readWatched.current.set(player.uuid, data.watched);
            cardData.current.set(player, data);
          };
          const readAfter = () =>
            void read.within(player).then((data) => {
              keep(data);
              setDataRead((count) => count + 1);
            });
          const ready = read.ready(player);
          // Set before `run` renders the answer: heading and sections mount in one commit.
          if (ready) keep(ready);
          else if (!read.pendingFor(player)) readAfter();
          else {
            // Its data is being read ahead: the answer waits behind the spinner, briefly.
            holding.current = player;
            void read.settle(player).then((data) => {
              if (holding.current === player) holding.current = undefined;
              if (data) keep(data);
              else readAfter();
              setDataRead((count) => count + 1);
            });
          }
        },
        () => undefined,
      );
      void run(() => asked);
    },
    [onLookup, reset, run],
  );

  // The popup opened on this tab: the cursor waits in the field. Shown later by a click or the
  // arrow keys, focus stays on the tab, where the keyboard user is.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body)
      fieldRef.current?.focus();
  }, []);

  // Dependencies: runs once, with the restored query.
  useEffect(() => {
    if (initialQuery.trim() !== '') lookUp(initialQuery);
  }, []);

  // Dependencies: reacts to new requests only.
  useEffect(() => {
    if (openRequest === null) return;
    setInput(openRequest.name);
    lookUp(openRequest.name);
  }, [openRequest?.id]);

  const submit = (event: Event) => {
    event.preventDefault();
    lookUp(input);
  };

  const held = state.status === 'done' && state.reply.ok && holding.current === state.reply.data;
  const busy = state.status === 'loading' || held;
  const describedBy = invalid === null ? HINT_ID : `${ERROR_ID} ${HINT_ID}`;

  return (
    <div class="player-tab">
      <form class="lookup" onSubmit={submit} noValidate>
        <label for={FIELD_ID} class="field-label">
          {t('popup.player.fieldLabel')}
        </label>
        <div class="lookup__row">
          <input
            ref={fieldRef}
            id={FIELD_ID}
            class="text-field"
            type="text"
            name="player"
            autoComplete="off"
            spellcheck={false}
            list={SUGGESTIONS_ID}
            value={input}
            aria-invalid={invalid !== null}
            aria-describedby={describedBy}
            onInput={(event) => {
              setInput(event.currentTarget.value);
              if (invalid !== null) setInvalid(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && event.currentTarget.value !== '') {
                event.preventDefault();
                event.stopPropagation();
                setInput('');
                setInvalid(null);
              }
            }}
          />
          <button type="submit" class="button button--primary">
            {t('popup.player.lookUp')}
          </button>
        </div>
        <datalist id={SUGGESTIONS_ID}>
          {recent.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {invalid !== null && (
          <p id={ERROR_ID} class="field-error">
            {invalid}
          </p>
        )}
        <p id={HINT_ID} class="field-hint">
          {t('popup.player.hint')} {t('popup.player.shortcutHint')}
        </p>
      </form>

      <section class="result" aria-label={t('popup.player.resultLabel')} aria-busy={busy}>
        {busy && <Spinner label={t('popup.player.lookingUp', { name: asked })} />}
        {state.status === 'done' &&
          !held &&
          (state.reply.ok ? (
            <PlayerResult
              player={state.reply.data}
              read={cardData.current.has(state.reply.data)}
              data={cardData.current.get(state.reply.data)}
              watched={watchedOnCard(state.reply.data)}
              onWatched={onWatched}
            />
          ) : (
            <ErrorNotice
              error={
                state.reply.error.kind === 'not-found'
                  ? { kind: 'not-found', identifier: asked }
                  : state.reply.error
              }
              subject="the player service"
              receivedAt={state.receivedAt}
              onRetry={() => lookUp(asked)}
              onOpenOptions={openOptions}
            />
          ))}
        {state.status === 'idle' && invalid === null && (
          <div class="empty">
            {recent.length === 0 ? (
              <p>{t('popup.player.typeHint')}</p>
            ) : (
              <>
                <h2 class="empty__title">{t('popup.player.recent')}</h2>
                <ul class="chips">
                  {recent.slice(0, RECENT_SHOWN).map((name) => (
                    <li key={name}>
                      <button
                        type="button"
                        class="chip"
                        onClick={() => {
                          setInput(name);
                          lookUp(name);
                        }}
                      >
                        {name}
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </section>
    </div>
  );
}

/**
 * The answered player's card; once its data is read (`read`), the Watch toggle and every section
 * with it, each given its part of that data.
 */
function PlayerResult({
  player,
  read,
  data,
  watched,
  onWatched,
}: {
  player: Player;
  read: boolean;
  data: CardData | undefined;
  watched: boolean;
  onWatched: (uuid: string, watched: boolean) => void;
}) {
  return (
    <PlayerCard
      player={player}
      variant="full"
      actions={
        read && (
          <PlayerWatch
            key={player.uuid}
            uuid={player.uuid}
            name={player.name}
            onWatched={onWatched}
            {...(data === undefined ? {} : { initialWatched: data.watched })}
          />
        )
      }
      footer={
        read && (
          <>
            <PlayerNotes
              key={player.uuid}
              uuid={player.uuid}
              name={player.name}
              {...(data === undefined ? {} : { initialNote: data.note })}
            />
            {watched && <PlayerProgress player={player} data={data} />}
            <PlayerGoals key={player.uuid} player={player} data={data} />
            <PlayerCompare key={player.uuid} player={player} />
            {watched && <PlayerHistory uuid={player.uuid} data={data} />}
            <BoardPlaces name={player.name} watched={watched} data={data} />
          </>
        )
      }
    />
  );
}
