import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextField, type TextFieldProps } from '@/entrypoints/options/TextField';

function field(props: Partial<TextFieldProps> = {}) {
  return (
    <TextField
      id="demo"
      label="Site"
      value="example.com"
      error={null}
      setError={() => {}}
      hint="Like example.com."
      onText={() => {}}
      input={{ type: 'text', placeholder: 'forum.example' }}
      {...props}
    />
  );
}

describe('TextField', () => {
  afterEach(cleanup);

  it('is a field named by its label, holding its value, described by its hint', () => {
    render(field());
    const input = screen.getByRole('textbox', { name: 'Site' }) as HTMLInputElement;
    expect(input.value).toBe('example.com');
    expect(input.placeholder).toBe('forum.example');
    expect(input.getAttribute('aria-describedby')).toBe('demo-help');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(document.getElementById('demo-help')?.textContent).toBe('Like example.com.');
  });

  it('with an error: the error in place of the hint, the field invalid and described by it', () => {
    render(field({ error: 'Not a site.' }));
    const input = screen.getByRole('textbox', { name: 'Site' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('demo-error');
    expect(document.getElementById('demo-error')?.textContent).toBe('Not a site.');
    expect(document.getElementById('demo-help')).toBeNull();
  });

  it('typing hands the text on and clears the error', () => {
    const onText = vi.fn();
    const setError = vi.fn();
    render(field({ error: 'Not a site.', onText, setError }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Site' }), { target: { value: 'forum.example' } });
    expect(onText).toHaveBeenCalledWith('forum.example');
    expect(setError).toHaveBeenCalledWith(null);
  });

  it('a button sits beside the input; more that describes it goes under, its ids after the hint’s', () => {
    render(
      field({
        button: <button type="submit">Add</button>,
        describedBy: ['demo-warning'],
        children: <p id="demo-warning">Careful.</p>,
      }),
    );
    const input = screen.getByRole('textbox', { name: 'Site' });
    expect(input.parentElement?.classList.contains('input-with-button')).toBe(true);
    expect(input.nextElementSibling).toBe(screen.getByRole('button', { name: 'Add' }));
    expect(input.getAttribute('aria-describedby')).toBe('demo-help demo-warning');
    expect(document.getElementById('demo-help')?.nextElementSibling?.id).toBe('demo-warning');
  });
});
