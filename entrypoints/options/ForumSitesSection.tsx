import type { TargetedEvent } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { StatusMessage } from '../../components/StatusMessage';
import { parseBaseUrl } from '../../utils/api/base-url';
import { t } from '../../utils/i18n/translate';
import { MAX_FORUM_SITES } from '../../utils/limits';
import { type ForumSite, getSettings, updateSettings } from '../../utils/settings';
import { ForumSiteRow } from './ForumSiteRow';
import { forumSiteLabel, parseForumSite } from './forum-site-input';
import { Hint } from './Hint';
import { removeHostPermission, requestHostPermission, sameHostPermission } from './host-permissions';
import { OptionsSection } from './OptionsSection';
import { startInOpenTabs } from './open-tabs';
import { TextField } from './TextField';
import { useFlashStatus } from './use-flash-status';

/** What the section says before any site is added. */
export function emptySitesText(): string {
  return t('options.forumSites.empty');
}

export interface ForumSitesSectionProps {
  sites: ForumSite[];
}

/**
 * The forums where hover cards run. Adding a site asks for access to it and stores it; the
 * background watches the settings and registers (or unregisters) the content script, and the
 * pages of it already open get the script from here (open-tabs.ts), so nothing needs a reload.
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
    if (sites.some((site) => site.origin === origin))
      return refuse(t('options.forumSites.alreadyListed', { site: label }));
    if (sites.length >= MAX_FORUM_SITES)
      return refuse(t('options.forumSites.tooMany', { max: MAX_FORUM_SITES }));

    // The permission prompt needs the click's user gesture: ask before any other await.
    const permission = requestHostPermission(origin);
    busyRef.current = true;
    setBusy(true);
    setInputError(null);
    showStatus({ tone: 'busy', text: t('options.askingAccess', { site: label }) });
    try {
      if (!(await permission)) {
        showStatus({
          tone: 'error',
          text: t('options.forumSites.accessNeeded', { site: label }),
          detail: t('options.forumSites.accessNeededDetail'),
        });
        return;
      }
      const current = await getSettings();
      if (!current.forumSites.some((site) => site.origin === origin)) {
        await updateSettings({ forumSites: [...current.forumSites, { origin, customSelector: '' }] });
      }
      setInput('');
      const openTabs = await startInOpenTabs(origin);
      showStatus({
        tone: 'success',
        text: t('options.forumSites.added', { site: label }),
        detail: t(openTabs.failed > 0 ? 'options.forumSites.addedReload' : 'options.forumSites.addedDetail'),
      });
    } catch {
      showStatus({
        tone: 'error',
        text: t('options.forumSites.addFailed', { site: label }),
        detail: t('options.tryAgain'),
      });
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
      showStatus({ tone: 'success', text: t('options.forumSites.removed', { site: label }) });
    } catch {
      showStatus({
        tone: 'error',
        text: t('options.forumSites.removeFailed', { site: label }),
        detail: t('options.tryAgain'),
      });
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
        text: t('options.saved'),
        detail:
          selector === ''
            ? t('options.forumSites.builtInDetection', { site: label })
            : t('options.forumSites.selectorSaved', { site: label }),
      });
    } catch {
      showStatus({
        tone: 'error',
        text: t('options.forumSites.selectorSaveFailed'),
        detail: t('options.tryAgain'),
      });
    }
  }

  return (
    <OptionsSection name="forum-sites" heading={t('options.forumSites.heading')}>
      <Hint>{t('options.forumSites.intro')}</Hint>
      <form class="stack" noValidate aria-busy={busy ? 'true' : 'false'} onSubmit={add}>
        <TextField
          id="forum-site"
          label={t('options.forumSites.siteLabel')}
          value={input}
          error={inputError}
          setError={setInputError}
          hint={t('options.forumSites.siteHelp')}
          onText={setInput}
          inputRef={siteInput}
          button={
            <button type="submit" class="button button--primary" aria-disabled={busy ? 'true' : undefined}>
              {t('options.forumSites.add')}
            </button>
          }
          input={{
            type: 'text',
            inputMode: 'url',
            autoCapitalize: 'off',
            spellcheck: false,
            placeholder: t('options.forumSites.sitePlaceholder'),
          }}
        />
      </form>
      <StatusMessage status={status} id="forum-sites-status" />
      {sites.length === 0 ? (
        <p class="empty">{emptySitesText()}</p>
      ) : (
        <ul class="sites" aria-label={t('options.forumSites.listLabel')}>
          {sites.map((site) => (
            <ForumSiteRow key={site.origin} site={site} onRemove={remove} onSelectorChange={changeSelector} />
          ))}
        </ul>
      )}
    </OptionsSection>
  );
}
