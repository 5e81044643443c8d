import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { FieldError } from '@/entrypoints/options/FieldError';

describe('FieldError', () => {
  afterEach(cleanup);

  it('shows the error under its id', () => {
    render(<FieldError id="demo-error" error="That is not a number." />);
    const error = document.getElementById('demo-error');
    expect(error?.textContent).toBe('That is not a number.');
    expect(error?.classList.contains('field-error')).toBe(true);
  });

  it('is nothing while there is no error', () => {
    const { container } = render(<FieldError id="demo-error" error={null} />);
    expect(container.innerHTML).toBe('');
  });
});
