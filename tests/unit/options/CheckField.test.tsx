import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckField } from '@/entrypoints/options/CheckField';

describe('CheckField', () => {
  afterEach(cleanup);

  it('is a checkbox named by its label, ticked as told', () => {
    render(<CheckField id="demo" label="Show things" checked={true} onChange={() => {}} />);
    const box = screen.getByRole('checkbox', { name: 'Show things' }) as HTMLInputElement;
    expect(box.id).toBe('demo');
    expect(box.checked).toBe(true);
    expect(box.hasAttribute('aria-describedby')).toBe(false);
    expect(box.closest('.field')?.classList.contains('field--check')).toBe(true);
  });

  it('hands the new state and the box itself to onChange', () => {
    const onChange = vi.fn();
    render(<CheckField id="demo" label="Show things" checked={false} onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Show things' });
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true, box);
  });

  it('a hint goes under it and describes the box', () => {
    render(
      <CheckField
        id="demo"
        label="Show things"
        checked={false}
        help="Only on Sundays."
        onChange={() => {}}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Show things' });
    expect(box.getAttribute('aria-describedby')).toBe('demo-help');
    const hint = document.getElementById('demo-help');
    expect(hint?.textContent).toBe('Only on Sundays.');
    expect(hint?.classList.contains('hint')).toBe(true);
  });
});
