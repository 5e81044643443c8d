import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/options/App';
import { alertChecksSentence } from '@/entrypoints/options/alert-checks-text';
import { BadgeSection, intervalLabel } from '@/entrypoints/options/BadgeSection';
import { checkEveryText, durationText } from '@/entrypoints/options/check-every-text';
import { connectionErrorStatus } from '@/entrypoints/options/connection-text';
import { ForumSiteRow } from '@/entrypoints/options/ForumSiteRow';
import { parseForumSite } from '@/entrypoints/options/forum-site-input';
import { HoverSection } from '@/entrypoints/options/HoverSection';
import { speak } from '../../fixtures/catalogues';
import { unfoldAll } from './unfold';

type PermissionCall = (permissions: { origins?: string[] }) => Promise<boolean>;

/** Intl separates thousands with a narrow no-break space in French: compare with plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');

const BUDGET = {
  backgroundRequestsPerHour: 60,
  badgeEnabled: false,
  badgeShows: 'online-count' as const,
  badgeIntervalSeconds: 60,
};

describe('options page in German', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await speak('de');
    (
      vi.spyOn(fakeBrowser.runtime, 'sendMessage') as unknown as {
        mockImplementation(fn: (message: { type: string }) => Promise<unknown>): void;
      }
    ).mockImplementation(async (message) =>
      message.type === 'connection-status'
        ? { baseUrl: 'https://stats.example.net', hasKey: true }
        : { ok: true, data: { status: 'ok' }, fetchedAt: 1 },
    );
    vi.spyOn(
      fakeBrowser.permissions as unknown as Record<'contains', PermissionCall>,
      'contains',
    ).mockResolvedValue(true);
  });
  afterEach(cleanup);

  it('names the page, every section and the connection fields in German', async () => {
    render(<App />);
    expect(screen.getByRole('heading', { level: 1, name: 'Network Companion – Einstellungen' })).toBeTruthy();
    expect(screen.getByText('Deine Einstellungen werden geladen…')).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Verlauf' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Serververbindung',
      'Forenseiten',
      'Spielerkarten',
      'Badge',
      'Beobachtungsliste',
      'Hintergrundanfragen',
      'Du',
      'Fortschritt auf Spielerkarten',
      'Plätze beobachten',
      'Gespeicherte Suchen',
      'Auktionserinnerungen',
      'Tastenkürzel',
      'Verlauf',
      'Exportieren und importieren',
    ]);
    unfoldAll();
    const connection = within(screen.getByRole('region', { name: 'Serververbindung' }));
    expect(connection.getByLabelText('Serveradresse')).toBeTruthy();
    expect(connection.getByLabelText('API-Schlüssel')).toBeTruthy();
    expect(await connection.findByText('Verbunden')).toBeTruthy();
    expect(connection.getByRole('button', { name: 'Schlüssel zeigen' })).toBeTruthy();
    expect(connection.getByRole('button', { name: 'Speichern' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Seite hinzufügen' })).toBeTruthy();
    expect(screen.getByText(/^Noch keine Forenseiten\./)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Online-Zahl im Badge zeigen' })).toBeTruthy();
    expect(await screen.findByRole('option', { name: '60 pro Stunde (Standard)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Normal (0,3 s)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verlauf leeren' })).toBeTruthy();
    expect(
      screen.getByText(
        /Über dein Browserkonto synchronisiert: deine beobachteten Spieler, deine gespeicherten Suchen mit ihren Benachrichtigungen, deine Tags und Notizen zu Spielern und deine Ziele für Spielerwerte\./,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toBeTruthy();
  });

  it('offers the badge intervals as German phrases, one minute in the singular', () => {
    render(<BadgeSection badgeEnabled badgeIntervalSeconds={60} />);
    unfoldAll();
    const interval = screen.getByRole('combobox', { name: 'Aktualisierung des Badges' });
    expect(
      within(interval)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Automatisch: früher, wenn sich die Zahl bewegt',
      'Alle 30 Sekunden',
      'Jede Minute',
      'Alle 2 Minuten',
      'Alle 5 Minuten',
      'Alle 10 Minuten',
      'Alle 15 Minuten',
    ]);
    expect(intervalLabel(90)).toBe('Alle 1 min 30 s');
  });

  it('offers the hover delays in German words and seconds, with a decimal comma', () => {
    render(<HoverSection hoverDelayMs={300} />);
    fireEvent.click(screen.getByRole('button', { name: 'Spielerkarten' }));
    const delay = screen.getByRole('combobox', { name: 'Verzögerung der Spielerkarte' });
    expect(
      within(delay)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Kurz (0,15 s)', 'Normal (0,3 s)', 'Lang (0,7 s)', 'Sehr lang (1,5 s)']);
  });

  it('names a forum site’s selector field and its Remove button with the site', () => {
    render(
      <ul>
        <ForumSiteRow
          site={{ origin: 'https://forum.example.net', customSelector: '' }}
          onRemove={() => {}}
          onSelectorChange={() => {}}
        />
      </ul>,
    );
    expect(screen.getByRole('button', { name: 'forum.example.net entfernen' }).textContent).toBe('Entfernen');
    expect(
      screen.getByRole('textbox', { name: 'Benutzernamen-Selektor für forum.example.net (optional)' }),
    ).toBeTruthy();
  });

  it('says why a forum address is refused in German', () => {
    expect(parseForumSite('')).toEqual({
      ok: false,
      message: 'Gib die Adresse des Forums ein, z. B. forum.example.net.',
    });
    expect(parseForumSite('ftp://forum.example.net')).toMatchObject({
      message: 'Nur Seiten mit http:// und https:// können verwendet werden.',
    });
  });

  it('words the connection check’s outcomes in German', () => {
    expect(connectionErrorStatus({ kind: 'unauthorized' })).toMatchObject({
      text: 'Ungültiger API-Schlüssel',
    });
    expect(connectionErrorStatus({ kind: 'offline' })).toMatchObject({
      text: 'Server nicht erreichbar',
      detail: 'Prüfe die Serveradresse und deine Internetverbindung.',
    });
    expect(connectionErrorStatus({ kind: 'unavailable' })).toMatchObject({
      text: 'Der Server ist gerade nicht verfügbar.',
    });
  });

  it('estimates the watchlist’s pace in a German sentence', () => {
    expect(checkEveryText(BUDGET, 200)).toBe(
      'Bei 200 beobachteten Spielern wird jeder etwa alle 3 h 20 min geprüft.',
    );
    expect(checkEveryText(BUDGET, 0)).toBe(
      'Du beobachtest noch niemanden, daher wird im Hintergrund kein Spieler geprüft.',
    );
  });
});

describe('options sentences in French', () => {
  beforeEach(async () => {
    await speak('fr');
  });

  it('picks the singular and plural of badge intervals', () => {
    expect(intervalLabel(60)).toBe('Chaque minute');
    expect(intervalLabel(300)).toBe('Toutes les 5 minutes');
    expect(intervalLabel(30)).toBe('Toutes les 30 secondes');
  });

  it('counts watched players in the singular and the plural, numbers grouped the French way', () => {
    expect(checkEveryText(BUDGET, 1)).toMatch(
      /^Avec 1 joueur suivi, il est vérifié environ toutes les \d+ min\.$/,
    );
    expect(plain(checkEveryText(BUDGET, 1200))).toMatch(/^Avec 1 200 joueurs suivis, chacun est vérifié /);
    expect(checkEveryText({ ...BUDGET, badgeEnabled: true }, 200)).toBe(
      'Avec 200 joueurs suivis, chacun est vérifié environ toutes les 6 h 41 min, le nombre du badge prenant sa part.',
    );
  });

  it('counts saved searches with an alert in the singular and the plural', () => {
    expect(alertChecksSentence(1, 60)).toMatch(
      /^Votre recherche enregistrée avec alerte est vérifiée environ/,
    );
    expect(alertChecksSentence(10, 60)).toMatch(
      /^Chacune de vos 10 recherches enregistrées avec alerte est vérifiée environ toutes les 10 min avec 60 requêtes/,
    );
  });

  it('keeps the short duration units', () => {
    expect(durationText(12_000_000)).toBe('3 h 20 min');
    expect(durationText(20_000)).toBe('20 s');
  });
});
