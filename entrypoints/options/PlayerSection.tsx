import { useCallback, useState } from 'preact/hooks';
import { StatusMessage } from '../../components/StatusMessage';
import { isGameName } from '../../utils/api/identifiers';
import { t } from '../../utils/i18n/translate';
import { draftInputProps, FieldError } from './draft-input';
import { saveSetting } from './save-setting';
import { useDraft } from './use-draft';
import { useFlashStatus } from './use-flash-status';

/** What the field says when the name is not a player name. */
export function ownNameMessage(): string {
  return t('options.player.nameInvalid');
}

export interface PlayerSectionProps {
  ownName: string;
}

/** Your own player name (optional): highlighted in leaderboards. */
export function PlayerSection({ ownName }: PlayerSectionProps) {
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useDraft(
    ownName,
    useCallback(() => setError(null), []),
  );
  const [status, showStatus] = useFlashStatus();

  /** Reads the field itself: a change event can arrive before the last input has re-rendered. */
  function commit(value: string) {
    const name = value.trim();
    if (name !== '' && !isGameName(name)) return setError(ownNameMessage());
    setError(null);
    setDraft(name);
    if (name !== ownName) saveSetting({ ownName: name }, showStatus);
  }

  return (
    <section class="options-section" aria-labelledby="player-heading">
      <h2 id="player-heading">{t('options.player.heading')}</h2>
      <div class="field">
        <label for="own-name">
          {t('options.player.nameLabel')} <span class="optional">{t('options.optional')}</span>
        </label>
        <input
          id="own-name"
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellcheck={false}
          {...draftInputProps({
            draft,
            setDraft,
            error,
            setError,
            commit,
            errorId: 'own-name-error',
            helpId: 'own-name-help',
          })}
        />
        <FieldError id="own-name-error" error={error} />
        <p id="own-name-help" class="hint">
          {t('options.player.nameHelp')}
        </p>
      </div>
      <StatusMessage status={status} id="player-status" />
    </section>
  );
}
