import { useCallback, useId, useState } from 'preact/hooks';
import { isValidSelector } from '../../utils/forum/usernames';
import { MAX_SELECTOR_LENGTH } from '../../utils/limits';
import type { ForumSite } from '../../utils/settings';
import { draftInputProps, FieldError } from './draft-input';
import { forumSiteLabel } from './forum-site-input';
import { useDraft } from './use-draft';

export const INVALID_SELECTOR_MESSAGE = 'That is not a valid CSS selector. Example: a.author-name';

export interface ForumSiteRowProps {
  site: ForumSite;
  onRemove: (site: ForumSite) => void;
  /** Store a new (valid or empty) selector for this site. */
  onSelectorChange: (site: ForumSite, selector: string) => void;
}

/** One forum site: its name, its optional username selector and a Remove button. */
export function ForumSiteRow({ site, onRemove, onSelectorChange }: ForumSiteRowProps) {
  const id = useId();
  const label = forumSiteLabel(site.origin);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useDraft(
    site.customSelector,
    useCallback(() => setError(null), []),
  );

  /** Reads the field itself: a change event can arrive before the last input has re-rendered. */
  function commit(value: string) {
    const selector = value.trim();
    if (selector !== '' && !isValidSelector(selector)) return setError(INVALID_SELECTOR_MESSAGE);
    setError(null);
    setDraft(selector);
    if (selector !== site.customSelector) onSelectorChange(site, selector);
  }

  const inputId = `${id}-selector`;
  const errorId = `${id}-error`;
  return (
    <li class="site">
      <div class="site__header">
        <span class="site__name">{label}</span>
        <button
          type="button"
          class="button button--secondary button--small"
          aria-label={`Remove ${label}`}
          onClick={() => onRemove(site)}
        >
          Remove
        </button>
      </div>
      <div class="field field--compact">
        <label for={inputId}>
          Username selector<span class="visually-hidden"> for {label}</span>{' '}
          <span class="optional">(optional)</span>
        </label>
        <input
          id={inputId}
          type="text"
          class="mono"
          spellcheck={false}
          autoCapitalize="off"
          autoComplete="off"
          maxLength={MAX_SELECTOR_LENGTH}
          placeholder="e.g. a.author-name"
          {...draftInputProps({ draft, setDraft, error, setError, commit, errorId: errorId })}
        />
        <FieldError id={errorId} error={error} />
      </div>
    </li>
  );
}
