import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectField } from '@/entrypoints/options/SelectField';

const CHOICES = [
  { value: '1', label: 'One' },
  { value: '2', label: 'Two' },
];

describe('SelectField', () => {
  afterEach(cleanup);

  it('is a list named by its label, its choices in order, the value chosen, described by its hint', () => {
    render(
      <SelectField
        id="demo"
        label="How many"
        value="2"
        choices={CHOICES}
        help="Pick one."
        onChange={() => {}}
      />,
    );
    const list = screen.getByRole('combobox', { name: 'How many' }) as HTMLSelectElement;
    expect(list.value).toBe('2');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['One', 'Two']);
    expect(list.getAttribute('aria-describedby')).toBe('demo-help');
    expect(document.getElementById('demo-help')?.textContent).toBe('Pick one.');
  });

  it('hands the chosen value to onChange', () => {
    const onChange = vi.fn();
    render(
      <SelectField
        id="demo"
        label="How many"
        value="1"
        choices={CHOICES}
        help="Pick one."
        onChange={onChange}
      />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'How many' }), { target: { value: '2' } });
    expect(onChange).toHaveBeenCalledWith('2');
  });

  it('more that describes it goes after the hint, its ids after the hint’s', () => {
    render(
      <SelectField
        id="demo"
        label="How many"
        value="1"
        choices={CHOICES}
        help="Pick one."
        describedBy={['demo-more']}
        onChange={() => {}}
      >
        <p id="demo-more">More.</p>
      </SelectField>,
    );
    const list = screen.getByRole('combobox', { name: 'How many' });
    expect(list.getAttribute('aria-describedby')).toBe('demo-help demo-more');
    expect(document.getElementById('demo-help')?.nextElementSibling?.id).toBe('demo-more');
  });
});
