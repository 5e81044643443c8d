import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BadgeSection, intervalLabel } from '@/entrypoints/options/BadgeSection';
import { HoverSection, hoverDelayLabel } from '@/entrypoints/options/HoverSection';
import { ownNameMessage, PlayerSection } from '@/entrypoints/options/PlayerSection';
import { FLASH_MS } from '@/entrypoints/options/use-flash-status';
import { useSettings } from '@/entrypoints/options/use-settings';
import { getSettings, type Settings, updateSettings } from '@/utils/settings';
import { unfoldAll } from './unfold';

function Harness() {
  const s = useSettings();
  if (s === null) return null;
  return (
    <>
      <BadgeSection
        badgeEnabled={s.badgeEnabled}
        badgeIntervalSeconds={s.badgeIntervalSeconds}
        badgePace={s.badgePace}
      />
      <HoverSection hoverDelayMs={s.hoverDelayMs} />
      <PlayerSection ownName={s.ownName} />
    </>
  );
}

async function renderWith(patch: Partial<Settings> = {}) {
  await updateSettings(patch);
  render(<Harness />);
  await screen.findByRole('heading', { level: 2, name: 'Badge' });
  unfoldAll();
}

const section = (name: string) => screen.getByRole('region', { name });
const statusIn = (name: string) => within(section(name)).getByRole('status');

describe('options: badge', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the defaults: badge on, Automatic, the fixed intervals still offered', async () => {
    await renderWith();
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Show online count on badge' });
    expect(box.checked).toBe(true);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Badge refresh interval' });
    expect(select.value).toBe('automatic');
    expect(Array.from(select.options, (option) => option.textContent)).toEqual([
      'Automatic: sooner when the count moves',
      'Every 30 seconds',
      'Every 1 minute',
      'Every 2 minutes',
      'Every 5 minutes',
      'Every 10 minutes',
      'Every 15 minutes',
    ]);
  });

  it('saves the checkbox on change and says Saved', async () => {
    await renderWith();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show online count on badge' }));
    await waitFor(async () => expect((await getSettings()).badgeEnabled).toBe(false));
    await waitFor(() => expect(statusIn('Badge').textContent).toContain('Saved'));
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Show online count on badge' }).checked,
    ).toBe(false);
  });

  it('saves the refresh interval on change', async () => {
    await renderWith();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Badge refresh interval' });
    fireEvent.change(select, { target: { value: '30' } });
    await waitFor(async () =>
      expect(await getSettings()).toMatchObject({ badgeIntervalSeconds: 30, badgePace: 'fixed' }),
    );
    await waitFor(() => expect(statusIn('Badge').textContent).toContain('Saved'));
    fireEvent.change(select, { target: { value: 'automatic' } });
    await waitFor(async () => expect((await getSettings()).badgePace).toBe('automatic'));
    expect(select.value).toBe('automatic');
  });

  it('keeps an interval that is not in the list (from an older version) selectable', async () => {
    await renderWith({ badgeIntervalSeconds: 180, badgePace: 'fixed' });
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Badge refresh interval' });
    expect(select.value).toBe('180');
    expect(select.selectedOptions[0]?.textContent).toBe('Every 3 minutes');
    expect(select.options).toHaveLength(8);
  });

  it('lets the Saved message go after a moment', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await renderWith();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show online count on badge' }));
    await vi.waitFor(() => expect(statusIn('Badge').textContent).toContain('Saved'));
    await act(() => {
      vi.advanceTimersByTime(FLASH_MS);
    });
    expect(statusIn('Badge').textContent).toBe('');
  });

  it('names intervals in words', () => {
    expect(intervalLabel(30)).toBe('Every 30 seconds');
    expect(intervalLabel(60)).toBe('Every 1 minute');
    expect(intervalLabel(900)).toBe('Every 15 minutes');
    expect(intervalLabel(90)).toBe('Every 1 min 30 s');
  });
});

describe('options: hover delay', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });
  afterEach(cleanup);

  const delayField = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Hover card delay' });

  it('offers plain choices in seconds, Normal (the default) chosen, and saves a new one on change', async () => {
    await renderWith();
    expect(delayField().value).toBe('300');
    expect(Array.from(delayField().options, (option) => option.textContent)).toEqual([
      'Short (0.15 s)',
      'Normal (0.3 s)',
      'Long (0.7 s)',
      'Very long (1.5 s)',
    ]);
    expect(screen.queryByText(/millisecond/i)).toBeNull();
    fireEvent.change(delayField(), { target: { value: '700' } });
    await waitFor(async () => expect((await getSettings()).hoverDelayMs).toBe(700));
    await waitFor(() => expect(statusIn('Hover cards').textContent).toContain('Saved'));
  });

  it('keeps a delay typed in an older version selectable, in seconds', async () => {
    await renderWith({ hoverDelayMs: 450 });
    expect(delayField().value).toBe('450');
    expect(delayField().selectedOptions[0]?.textContent).toBe('0.45 s');
    expect(delayField().options).toHaveLength(5);
  });

  it('names each delay in words and seconds', () => {
    expect(hoverDelayLabel(150)).toBe('Short (0.15 s)');
    expect(hoverDelayLabel(1500)).toBe('Very long (1.5 s)');
    expect(hoverDelayLabel(2000)).toBe('2 s');
  });

  it('folds the section until it is wanted', async () => {
    await updateSettings({});
    render(<HoverSection hoverDelayMs={300} />);
    expect(screen.queryByRole('combobox', { name: 'Hover card delay' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Hover cards', expanded: false }));
    expect(delayField()).toBeTruthy();
  });
});

describe('options: your player name', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });
  afterEach(cleanup);

  const nameField = () => screen.getByRole<HTMLInputElement>('textbox', { name: /Your player name/ });

  it('saves a valid name, trimmed, on change', async () => {
    await renderWith();
    fireEvent.input(nameField(), { target: { value: ' Steve_99 ' } });
    fireEvent.change(nameField());
    await waitFor(async () => expect((await getSettings()).ownName).toBe('Steve_99'));
    expect(nameField().value).toBe('Steve_99');
    await waitFor(() => expect(statusIn('You').textContent).toContain('Saved'));
  });

  it.each(['ab', 'has space', 'way_too_long_name_17', 'Stéve'])('refuses %j', async (name) => {
    await renderWith({ ownName: 'Alex' });
    fireEvent.input(nameField(), { target: { value: name } });
    fireEvent.keyDown(nameField(), { key: 'Enter' });
    expect(screen.getByText(ownNameMessage())).toBeTruthy();
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect((await getSettings()).ownName).toBe('Alex');
  });

  it('allows clearing the name', async () => {
    await renderWith({ ownName: 'Alex' });
    expect(nameField().value).toBe('Alex');
    fireEvent.input(nameField(), { target: { value: '' } });
    fireEvent.change(nameField());
    await waitFor(async () => expect((await getSettings()).ownName).toBe(''));
  });
});
