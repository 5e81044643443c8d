import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Hint } from '@/entrypoints/options/Hint';

describe('Hint', () => {
  afterEach(cleanup);

  it('is a paragraph in the hint style, with the id a field points at', () => {
    const { container } = render(<Hint id="demo-help">Only on Sundays.</Hint>);
    const hint = container.querySelector('p.hint');
    expect(hint?.id).toBe('demo-help');
    expect(hint?.textContent).toBe('Only on Sundays.');
  });

  it('needs no id when nothing points at it', () => {
    const { container } = render(<Hint>An introduction.</Hint>);
    expect(container.querySelector('p.hint')?.hasAttribute('id')).toBe(false);
  });
});
