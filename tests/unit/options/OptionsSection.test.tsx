import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { OptionsSection } from '@/entrypoints/options/OptionsSection';

describe('OptionsSection', () => {
  afterEach(cleanup);

  it('is a region named by its heading, with its fields inside', () => {
    render(
      <OptionsSection name="demo" heading="Demo settings">
        <p>Inside</p>
      </OptionsSection>,
    );
    const region = screen.getByRole('region', { name: 'Demo settings' });
    expect(region.getAttribute('aria-labelledby')).toBe('demo-heading');
    expect(screen.getByRole('heading', { level: 2, name: 'Demo settings' }).id).toBe('demo-heading');
    expect(region.textContent).toContain('Inside');
  });

  it('ends with its status region when given a status, empty while it is null', () => {
    const { rerender } = render(
      <OptionsSection name="demo" heading="Demo settings" status={null}>
        <p>Inside</p>
      </OptionsSection>,
    );
    const status = screen.getByRole('status');
    expect(status.id).toBe('demo-status');
    expect(status.textContent).toBe('');
    expect(screen.getByRole('region').lastElementChild).toBe(status);

    rerender(
      <OptionsSection name="demo" heading="Demo settings" status={{ tone: 'success', text: 'Saved' }}>
        <p>Inside</p>
      </OptionsSection>,
    );
    expect(screen.getByRole('status').textContent).toContain('Saved');
  });

  it('has no status region of its own when none is given (the section places it)', () => {
    render(
      <OptionsSection name="demo" heading="Demo settings">
        <p>Inside</p>
      </OptionsSection>,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('folded: only the heading shows, as a button that unfolds the fields and folds them again', () => {
    render(
      <OptionsSection name="demo" heading="Demo settings" status={null} folded>
        <label>
          Inside <input type="text" />
        </label>
      </OptionsSection>,
    );
    const region = screen.getByRole('region', { name: 'Demo settings' });
    expect(screen.getByRole('heading', { level: 2, name: 'Demo settings' })).toBeTruthy();
    const fold = screen.getByRole('button', { name: 'Demo settings', expanded: false });
    expect(fold.getAttribute('aria-controls')).toBe('demo-body');
    expect(screen.queryByRole('textbox', { name: 'Inside' })).toBeNull();
    expect(region.querySelector('#demo-body')?.hasAttribute('hidden')).toBe(true);

    fireEvent.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Inside' })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();

    fireEvent.click(fold);
    expect(screen.queryByRole('textbox', { name: 'Inside' })).toBeNull();
  });
});
