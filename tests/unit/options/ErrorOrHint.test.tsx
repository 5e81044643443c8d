import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorOrHint, errorOrHintId } from '@/entrypoints/options/ErrorOrHint';

describe('ErrorOrHint', () => {
  afterEach(cleanup);

  it('shows the hint while there is no error', () => {
    const { container } = render(<ErrorOrHint field="demo" error={null} hint="Like example.com." />);
    expect(container.querySelector('#demo-help')?.textContent).toBe('Like example.com.');
    expect(container.querySelector('#demo-error')).toBeNull();
    expect(errorOrHintId('demo', null)).toBe('demo-help');
  });

  it('shows the error in place of the hint', () => {
    const { container } = render(<ErrorOrHint field="demo" error="Not a site." hint="Like example.com." />);
    expect(container.querySelector('#demo-error')?.textContent).toBe('Not a site.');
    expect(container.querySelector('#demo-help')).toBeNull();
    expect(errorOrHintId('demo', 'Not a site.')).toBe('demo-error');
  });
});
