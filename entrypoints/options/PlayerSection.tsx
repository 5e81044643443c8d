import { useCallback, useState } from 'preact/hooks';
import { StatusMessage } from '../../components/StatusMessage';
import { isGameName } from '../../utils/api/identifiers';
import { draftInputProps, FieldError } from './draft-input';
import { saveSetting } from './save-setting';
import { useDraft } from './use-draft';
import { useFlashStatus } from './use-flash-status';

export const OWN_NAME_MESSAGE = 'A player name is 3 to 16 letters, digits or _. Leave it empty to skip.';

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
    if (name !== '' && !isGameName(name)) return setError(OWN_NAME_MESSAGE);
    setError(null);
    setDraft(name);
    if (name !== ownName) saveSetting({ ownName: name }, showStatus);
  }

  return (
    <section class="options-section" aria-labelledby="player-heading">
      <h2 id="player-heading">You</h2>
      <div class="field">
        <label for="own-name">
          Your player name <span class="optional">(optional)</span>
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
          Your row is highlighted in leaderboards.
        </p>
      </div>
      <StatusMessage status={status} id="player-status" />
    </section>
  );
}
