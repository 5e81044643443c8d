import { useRef, useState } from 'preact/hooks';
import { DisclosureForm } from '@/components/DisclosureForm';
import { ErrorNotice } from '@/components/ErrorNotice';
import type { ApiError } from '@/utils/api/errors';
import { parseIdentifier } from '@/utils/api/identifiers';
import type { Player } from '@/utils/api/schemas';
import { askBackground } from '@/utils/ask-background';
import { type ComparedRow, comparePlayers } from '@/utils/compare/compare-stats';
import { t } from '@/utils/i18n/translate';
import { CompareChart } from './CompareChart';
import './compare.css';

/**
 * "Compare with…" on the Player tab's card (a lazyView loaded with the first card): a name field,
 * one look-up of that player (the gateway's cache answers a name seen in the last 30 s), and the
 * two side by side: every stat, K/D and kills per hour played, the better value of each marked in
 * words ("▲ better"), never by colour alone. docs/architecture.md, "Goals (issue 35)" → Compare.
 */

type Other =
  | { status: 'idle' }
  | { status: 'loading'; name: string }
  | { status: 'failed'; error: ApiError; asked: string; at: number }
  | { status: 'done'; player: Player };

function Better() {
  return (
    <span class="player-compare__better">
      <span aria-hidden="true">▲ </span>
      {t('compare.better')}
    </span>
  );
}

function Cell({ text, better }: { text: string; better: boolean }) {
  return (
    <td class={better ? 'player-compare__cell player-compare__cell--better' : 'player-compare__cell'}>
      {text}
      {better && (
        <>
          {' '}
          <Better />
        </>
      )}
    </td>
  );
}

export function CompareTable({ left, right }: { left: Player; right: Player }) {
  const rows: ComparedRow[] = comparePlayers(left, right);
  return (
    <table class="player-compare__table">
      <caption>{t('compare.caption', { left: left.name, right: right.name })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('compare.stat')}</th>
          <th scope="col">{left.name}</th>
          <th scope="col">{right.name}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.stat}>
            <th scope="row">{t(`compare.stats.${row.stat}`)}</th>
            <Cell text={row.left} better={row.better === 'left'} />
            <Cell text={row.right} better={row.better === 'right'} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a compare shows under its form: nothing yet, looking up, the failure, or the two. */
export type CompareShown =
  | { status: 'idle' }
  | { status: 'loading'; text: string }
  | { status: 'failed'; error: ApiError; at: number; retry: () => void }
  | { status: 'done'; left: Player; right: Player };

/** The card's and the Watchlist's compare result, in one live region. */
export function CompareResult({ shown }: { shown: CompareShown }) {
  return (
    <div aria-live="polite" aria-busy={shown.status === 'loading'}>
      {shown.status === 'loading' && <p class="player-compare__text">{shown.text}</p>}
      {shown.status === 'failed' && (
        <ErrorNotice
          error={shown.error}
          subject="the player service"
          receivedAt={shown.at}
          onRetry={shown.retry}
        />
      )}
      {shown.status === 'done' && (
        <>
          <CompareTable left={shown.left} right={shown.right} />
          <CompareChart left={shown.left} right={shown.right} />
        </>
      )}
    </div>
  );
}

export function PlayerCompare({ player }: { player: Player }) {
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState('');
  const [other, setOther] = useState<Other>({ status: 'idle' });
  const fieldRef = useRef<HTMLInputElement>(null);
  const id = `compare-${player.uuid}`;

  const lookUp = async (asked: string) => {
    const parsed = parseIdentifier(asked);
    if (!parsed.ok) {
      setInvalid(parsed.message);
      return;
    }
    if (asked.trim().toLowerCase() === player.name.toLowerCase()) {
      setInvalid(t('compare.same'));
      return;
    }
    setInvalid('');
    setOther({ status: 'loading', name: asked.trim() });
    const reply = await askBackground({ type: 'player', identifier: parsed.value });
    if (!reply.ok) {
      setOther({ status: 'failed', error: reply.error, asked: asked.trim(), at: Date.now() });
      return;
    }
    if (reply.data.uuid.toLowerCase() === player.uuid.toLowerCase()) {
      setOther({ status: 'idle' });
      setInvalid(t('compare.same'));
      return;
    }
    setOther({ status: 'done', player: reply.data });
  };

  const errorId = `${id}-error`;
  return (
    <DisclosureForm
      id={id}
      opener={t('compare.open')}
      class="player-compare"
      formClass="player-compare__form"
      firstField={fieldRef}
      onClose={() => {
        setOther({ status: 'idle' });
        setInvalid('');
      }}
      onSubmit={() => void lookUp(name)}
      body={{
        class: 'player-compare__body',
        after: (
          <CompareResult
            shown={
              other.status === 'loading'
                ? { status: 'loading', text: t('compare.lookingUp', { name: other.name }) }
                : other.status === 'failed'
                  ? {
                      status: 'failed',
                      error:
                        other.error.kind === 'not-found'
                          ? { kind: 'not-found', identifier: other.asked }
                          : other.error,
                      at: other.at,
                      retry: () => void lookUp(other.asked),
                    }
                  : other.status === 'done'
                    ? { status: 'done', left: player, right: other.player }
                    : other
            }
          />
        ),
      }}
    >
      {(close) => (
        <>
          <label class="field-label" for={`${id}-name`}>
            {t('compare.field')}
          </label>
          <div class="player-compare__row">
            <input
              ref={fieldRef}
              id={`${id}-name`}
              class="text-field"
              type="text"
              autoComplete="off"
              spellcheck={false}
              value={name}
              aria-invalid={invalid !== ''}
              aria-describedby={invalid !== '' ? errorId : undefined}
              onInput={(event) => {
                setName(event.currentTarget.value);
                if (invalid !== '') setInvalid('');
              }}
            />
            <button type="submit" class="button button--primary">
              {t('compare.submit')}
            </button>
            <button type="button" class="button" onClick={close}>
              {t('compare.close')}
            </button>
          </div>
          {invalid !== '' && (
            <p id={errorId} class="field-error">
              {invalid}
            </p>
          )}
        </>
      )}
    </DisclosureForm>
  );
}
