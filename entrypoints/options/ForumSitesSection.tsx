import type { TargetedEvent } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { StatusMessage } from '../../components/StatusMessage';
import { parseBaseUrl } from '../../utils/api/base-url';
import { MAX_FORUM_SITES } from '../../utils/limits';
import { type ForumSite, getSettings, updateSettings } from '../../utils/settings';
import { ForumSiteRow } from './ForumSiteRow';
import { forumSiteLabel, parseForumSite } from './forum-site-input';
import { removeHostPermission, requestHostPermission, sameHostPermission } from './host-permissions';
import { useFlashStatus } from './use-flash-status';

export const EMPTY_SITES_TEXT =
  'No forum sites yet. Add one to see player cards when you hover usernames there.';

export interface ForumSitesSectionProps {
  sites: ForumSite[];
}

const alreadyListed = (label: string) => `${label} is already in the list.`;

/**
 * The forums where hover cards run. Adding a site asks for access to it and stores it; the
 * background watches the settings and registers (or unregisters) the content script.
 */
export function ForumSitesSection({ sites }: ForumSitesSectionProps) {
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, showStatus] = useFlashStatus();
  const busyRef = useRef(false);
  const siteInput = useRef<HTMLInputElement>(null);

  function refuse(message: string) {
    setInputError(message);
    siteInput.current?.focus();
  }

  async function add(event: TargetedEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current) return;
    const parsed = parseForumSite(input);
    if (!parsed.ok) return refuse(parsed.message);
    const { origin } = parsed;
    const label = forumSiteLabel(origin);
    if (sites.some((site) => site.origin === origin)) return refuse(alreadyListed(label));
    if (sites.length >= MAX_FORUM_SITES) return refuse(`You can add up to ${MAX_FORUM_SITES} forum sites.`);

    // The permission prompt needs the click's user gesture: ask before any other await.
    const permission = requestHostPermission(origin);
    busyRef.current = true;
    setBusy(true);
    setInputError(null);
    showStatus({ tone: 'busy', text: `Asking for access to ${label}…` });
    try {
      if (!(await permission)) {
        showStatus({
          tone: 'error',
          text: `The extension needs access to ${label} to show player cards there.`,
          detail: 'Add it again and choose Allow when the browser asks.',
        });
        return;
      }
      const current = await getSettings();
      if (!current.forumSites.some((site) => site.origin === origin)) {
        await updateSettings({ forumSites: [...current.forumSites, { origin, customSelector: '' }] });
      }
      setInput('');
      showStatus({
        tone: 'success',
        text: `Added ${label}.`,
        detail: 'Reload its open tabs to see player cards there.',
      });
    } catch {
      showStatus({ tone: 'error', text: `Could not add ${label}.`, detail: 'Try again.' });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  async function remove(site: ForumSite) {
    const label = forumSiteLabel(site.origin);
    try {
      const current = await getSettings();
      const remaining = current.forumSites.filter((other) => other.origin !== site.origin);
      await updateSettings({ forumSites: remaining });
      // Match patterns carry no port: keep the permission while another site (or the API) needs it.
      const api = parseBaseUrl(current.apiBaseUrl);
      const stillNeeded =
        remaining.some((other) => sameHostPermission(other.origin, site.origin)) ||
        (api.ok && sameHostPermission(api.origin, site.origin));
      if (!stillNeeded) await removeHostPermission(site.origin);
      showStatus({ tone: 'success', text: `Removed ${label}.` });
    } catch {
      showStatus({ tone: 'error', text: `Could not remove ${label}.`, detail: 'Try again.' });
    }
    siteInput.current?.focus();
  }

  async function changeSelector(site: ForumSite, selector: string) {
    const label = forumSiteLabel(site.origin);
    try {
      const current = await getSettings();
      await updateSettings({
        forumSites: current.forumSites.map((other) =>
          other.origin === site.origin ? { ...other, customSelector: selector } : other,
        ),
      });
      showStatus({
        tone: 'success',
        text: 'Saved',
        detail:
          selector === ''
            ? `${label} uses the built-in username detection.`
            : `Username selector for ${label}.`,
      });
    } catch {
      showStatus({ tone: 'error', text: 'Could not save the username selector.', detail: 'Try again.' });
    }
  }

  return (
    <section class="options-section" aria-labelledby="forum-sites-heading">
      <h2 id="forum-sites-heading">Forum sites</h2>
      <p class="hint">
        Player cards open when you hover a username on these forums. XenForo, Discourse, phpBB, NamelessMC and
        Flarum are recognised; for other forum software, give a CSS selector that matches the username links.
      </p>
      <form class="stack" noValidate aria-busy={busy ? 'true' : 'false'} onSubmit={add}>
        <div class="field">
          <label for="forum-site">Forum site</label>
          <div class="input-with-button">
            <input
              ref={siteInput}
              id="forum-site"
              type="text"
              inputMode="url"
              autoCapitalize="off"
              spellcheck={false}
              placeholder="forum.example.net"
              value={input}
              aria-invalid={inputError ? 'true' : undefined}
              aria-describedby={inputError ? 'forum-site-error' : 'forum-site-help'}
              onInput={(event) => {
                setInput(event.currentTarget.value);
                setInputError(null);
              }}
            />
            <button type="submit" class="button button--primary" aria-disabled={busy ? 'true' : undefined}>
              Add site
            </button>
          </div>
          {inputError ? (
            <p id="forum-site-error" class="field-error">
              {inputError}
            </p>
          ) : (
            <p id="forum-site-help" class="hint">
              A host name such as forum.example.net, or the address of any page on the forum.
            </p>
          )}
        </div>
      </form>
      <StatusMessage status={status} id="forum-sites-status" />
      {sites.length === 0 ? (
        <p class="empty">{EMPTY_SITES_TEXT}</p>
      ) : (
        <ul class="sites" aria-label="Forum sites">
          {sites.map((site) => (
            <ForumSiteRow key={site.origin} site={site} onRemove={remove} onSelectorChange={changeSelector} />
          ))}
        </ul>
      )}
    </section>
  );
}
