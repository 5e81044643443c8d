import { useEffect, useRef, useState } from 'preact/hooks';
import { DisclosureForm } from '@/components/DisclosureForm';
import { parseIdentifier } from '@/utils/api/identifiers';
import { statValue } from '@/utils/api/player-stats';
import type { Player } from '@/utils/api/schemas';
import { askBackground } from '@/utils/ask-background';
import { formatNumber } from '@/utils/format';
import { GOAL_STATS, type GoalKind, type GoalStat } from '@/utils/goals/goal';
import { checkGoal } from '@/utils/goals/goal-form';
import { setGoal } from '@/utils/goals/goal-store';
import { t } from '@/utils/i18n/translate';
import { LEADERBOARD_LIMIT_MAX, MAX_GOALS } from '@/utils/limits';

/**
 * "Set a goal…": a small form under the card's goals. The player is the card's, or the user's
 * own name from the options, offered first: a goal set on a rival's card is mostly one's own
 * ("reach their kills"). Checked as typed (utils/goals/goal-form.ts); a refusal is a sentence
 * under the field, a save sync refused says which limit.
 */
export function GoalForm({ player, ownName }: { player: Player; ownName: string }) {
  const own = ownName !== '' && ownName.toLowerCase() !== player.name.toLowerCase() ? ownName : '';
  const [forName, setForName] = useState(own || player.name);
  const [stat, setStat] = useState<GoalStat>('balance');
  const [kind, setKind] = useState<GoalKind>('value');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const firstRef = useRef<HTMLSelectElement>(null);
  const id = `goal-form-${player.uuid}`;

  useEffect(() => setForName(own || player.name), [own, player.name]);

  /** The player the goal is for, as the API answers now: the card's, or the own name looked up. */
  const subject = async (): Promise<Player | undefined> => {
    if (forName === player.name) return player;
    const parsed = parseIdentifier(forName);
    if (!parsed.ok) return undefined;
    setStatus(t('goals.form.lookingUp', { name: forName }));
    const reply = await askBackground({ type: 'player', identifier: parsed.value });
    return reply.ok ? reply.data : undefined;
  };

  const submit = async (close: () => void) => {
    if (busy) return;
    setBusy(true);
    try {
      const who = await subject();
      if (!who) {
        setStatus('');
        setError(t('goals.form.notFound'));
        return;
      }
      const current = statValue(who, stat);
      const checked = checkGoal(kind, stat, text, current);
      if (!checked.ok) {
        setStatus('');
        setError(checked.message);
        return;
      }
      setError('');
      setStatus(t('goals.form.saving'));
      const saved = await setGoal(
        { uuid: who.uuid, name: who.name, stat, kind, target: checked.target, start: current },
        Date.now(),
      );
      if (saved === 'saved') {
        setStatus('');
        setText('');
        close();
      } else {
        setStatus(
          saved === 'full' ? t('goals.notSaved.full', { max: MAX_GOALS }) : t(`goals.notSaved.${saved}`),
        );
      }
    } catch {
      setStatus(t('goals.notSaved.failed'));
    } finally {
      setBusy(false);
    }
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const showNow = forName === player.name && kind === 'value';
  return (
    <DisclosureForm
      id={id}
      opener={t('goals.add')}
      class="goal-form"
      formClass="goal-form__form"
      formLabel={t('goals.form.legend')}
      firstField={firstRef}
      onClose={() => setError('')}
      onSubmit={(close) => void submit(close)}
      footer={
        <p class="goal-form__status" role="status">
          {status}
        </p>
      }
    >
      {(close) => (
        <>
          {own !== '' && (
            <>
              <label class="field-label" for={`${id}-player`}>
                {t('goals.form.player')}
              </label>
              <select
                ref={firstRef}
                id={`${id}-player`}
                class="text-field"
                value={forName}
                onChange={(event) => setForName(event.currentTarget.value)}
              >
                <option value={own}>{own}</option>
                <option value={player.name}>{player.name}</option>
              </select>
            </>
          )}
          <label class="field-label" for={`${id}-stat`}>
            {t('goals.form.stat')}
          </label>
          <select
            ref={own === '' ? firstRef : undefined}
            id={`${id}-stat`}
            class="text-field"
            value={stat}
            onChange={(event) => setStat(event.currentTarget.value as GoalStat)}
          >
            {GOAL_STATS.map((option) => (
              <option key={option} value={option}>
                {t(`goals.stat.${option}`)}
              </option>
            ))}
          </select>
          <fieldset class="goal-form__kinds">
            <legend class="field-label">{t('goals.form.kind')}</legend>
            {(['value', 'position'] as const).map((option) => (
              <label key={option} class="goal-form__kind">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={option}
                  checked={kind === option}
                  onChange={() => setKind(option)}
                />
                {t(option === 'value' ? 'goals.form.kindValue' : 'goals.form.kindPosition')}
              </label>
            ))}
          </fieldset>
          <label class="field-label" for={`${id}-target`}>
            {kind === 'value'
              ? t('goals.form.value')
              : t('goals.form.position', { max: LEADERBOARD_LIMIT_MAX })}
          </label>
          <input
            id={`${id}-target`}
            class="text-field"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={text}
            aria-invalid={error !== ''}
            aria-describedby={
              [error !== '' ? errorId : '', showNow ? hintId : ''].filter(Boolean).join(' ') || undefined
            }
            onInput={(event) => {
              setText(event.currentTarget.value);
              if (error !== '') setError('');
            }}
          />
          {error !== '' && (
            <p id={errorId} class="field-error">
              {error}
            </p>
          )}
          {showNow && (
            <p id={hintId} class="field-hint">
              {t('goals.form.now', { value: formatNumber(statValue(player, stat)) })}
            </p>
          )}
          <div class="goal-form__buttons">
            <button type="submit" class="button button--primary" aria-disabled={busy ? 'true' : undefined}>
              {t('goals.form.save')}
            </button>
            <button type="button" class="button" onClick={close}>
              {t('goals.form.cancel')}
            </button>
          </div>
        </>
      )}
    </DisclosureForm>
  );
}
