import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DraftField, type DraftFieldProps } from '@/entrypoints/options/DraftField';
import type { DraftCheck } from '@/entrypoints/options/use-draft-field';
import { t } from '@/utils/i18n/translate';

/** Whole numbers only, without their spaces. */
function checkWhole(text: string): DraftCheck {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed)
    ? { ok: true, text: trimmed }
    : { ok: false, error: 'A whole number, please.' };
}

function field(props: Partial<DraftFieldProps> = {}) {
  return (
    <DraftField
      id="demo"
      label="Delay"
      help="How long to wait."
      saved="10"
      check={checkWhole}
      onSave={() => {}}
      input={{ type: 'text', inputMode: 'numeric' }}
      {...props}
    />
  );
}

describe('DraftField', () => {
  afterEach(cleanup);

  it('is a field named by its label, holding the stored value, described by its hint', () => {
    render(field());
    const input = screen.getByRole('textbox', { name: 'Delay' }) as HTMLInputElement;
    expect(input.value).toBe('10');
    expect(input.inputMode).toBe('numeric');
    expect(input.getAttribute('aria-describedby')).toBe('demo-help');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(document.getElementById('demo-help')?.textContent).toBe('How long to wait.');
  });

  it('saves the checked text on leaving the field, and keeps it in the field', () => {
    const onSave = vi.fn();
    render(field({ onSave }));
    const input = screen.getByRole('textbox', { name: 'Delay' }) as HTMLInputElement;
    fireEvent.input(input, { target: { value: ' 25 ' } });
    fireEvent.change(input);
    expect(onSave).toHaveBeenCalledWith('25');
    expect(input.value).toBe('25');
  });

  it('saves on Enter too, and not at all when the text is what is stored', () => {
    const onSave = vi.fn();
    render(field({ onSave }));
    const input = screen.getByRole('textbox', { name: 'Delay' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.input(input, { target: { value: '30' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSave).toHaveBeenCalledWith('30');
  });

  it('a wrong text: its error under the field, which it describes first; typing clears it; nothing saved', () => {
    const onSave = vi.fn();
    render(field({ onSave }));
    const input = screen.getByRole('textbox', { name: 'Delay' });
    fireEvent.input(input, { target: { value: 'soon' } });
    fireEvent.change(input);
    expect(onSave).not.toHaveBeenCalled();
    expect(document.getElementById('demo-error')?.textContent).toBe('A whole number, please.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('demo-error demo-help');
    fireEvent.input(input, { target: { value: '5' } });
    expect(document.getElementById('demo-error')).toBeNull();
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('follows the stored value when it changes elsewhere, clearing an error', () => {
    const { rerender } = render(field());
    const input = screen.getByRole('textbox', { name: 'Delay' }) as HTMLInputElement;
    fireEvent.input(input, { target: { value: 'soon' } });
    fireEvent.change(input);
    rerender(field({ saved: '40' }));
    expect(input.value).toBe('40');
    expect(document.getElementById('demo-error')).toBeNull();
  });

  it('an optional field says so in its label; a unit shows after the input, hidden from screen readers', () => {
    render(field({ optional: true, unit: 'ms' }));
    const label = document.querySelector('label[for="demo"]');
    expect(label?.textContent).toBe(`Delay ${t('options.optional')}`);
    const unit = document.querySelector('.input-with-unit .unit');
    expect(unit?.textContent).toBe('ms');
    expect(unit?.getAttribute('aria-hidden')).toBe('true');
    expect(unit?.previousElementSibling?.id).toBe('demo');
  });
});
