import { useId } from 'preact/hooks';
import { isValidSelector } from '../../utils/forum/usernames';
import { t } from '../../utils/i18n/translate';
import { MAX_SELECTOR_LENGTH } from '../../utils/limits';
import type { ForumSite } from '../../utils/settings';
import { draftInputProps } from './draft-input';
import { FieldError } from './FieldError';
import { forumSiteLabel } from './forum-site-input';
import { type DraftCheck, useDraftField } from './use-draft-field';

/** What the field says when the selector does not parse. */
export function invalidSelectorMessage(): string {
  return t('options.forumSites.invalidSelector');
}

/** Empty (built-in detection) or a selector that parses, trimmed. */
function checkSelector(text: string): DraftCheck {
  const selector = text.trim();
  return selector !== '' && !isValidSelector(selector)
    ? { ok: false, error: invalidSelectorMessage() }
    : { ok: true, text: selector };
}

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
  const field = useDraftField(site.customSelector, checkSelector, (selector) =>
    onSelectorChange(site, selector),
  );

  const inputId = `${id}-selector`;
  const errorId = `${id}-error`;
  return (
    <li class="site">
      <div class="site__header">
        <span class="site__name">{label}</span>
        <button
          type="button"
          class="button button--secondary button--small"
          aria-label={t('options.forumSites.removeSite', { site: label })}
          onClick={() => onRemove(site)}
        >
          {t('options.forumSites.remove')}
        </button>
      </div>
      <div class="field field--compact">
        <label for={inputId}>
          {t('options.forumSites.selectorLabel')} <span class="optional">{t('options.optional')}</span>
        </label>
        <input
          id={inputId}
          type="text"
          class="mono"
          spellcheck={false}
          autoCapitalize="off"
          autoComplete="off"
          maxLength={MAX_SELECTOR_LENGTH}
          aria-label={t('options.forumSites.selectorName', { site: label })}
          placeholder={t('options.forumSites.selectorPlaceholder')}
          {...draftInputProps({ ...field, errorId })}
        />
        <FieldError id={errorId} error={field.error} />
      </div>
    </li>
  );
}
