import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { RemindersSection, reminderMinuteChoices } from '@/entrypoints/options/RemindersSection';
import { getSettings } from '@/utils/settings';
import { unfoldAll } from './unfold';

describe('options: remind me N minutes before an auction ends', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(cleanup);

  it('5 min by default; a choice is saved', async () => {
    expect((await getSettings()).reminderMinutes).toBe(5);
    render(<RemindersSection reminderMinutes={5} />);
    unfoldAll();
    const field = screen.getByRole<HTMLSelectElement>('combobox', {
      name: 'Remind me before an auction ends',
    });
    expect(field.value).toBe('5');
    expect([...field.options].map((option) => option.text)).toEqual([
      '1 min before',
      '2 min before',
      '5 min before',
      '10 min before',
      '15 min before',
      '30 min before',
    ]);
    fireEvent.change(field, { target: { value: '10' } });
    await waitFor(async () => expect((await getSettings()).reminderMinutes).toBe(10));
  });

  it('keeps a saved value that is not among the choices', () => {
    expect(reminderMinuteChoices(3)).toEqual([1, 2, 3, 5, 10, 15, 30]);
  });
});
