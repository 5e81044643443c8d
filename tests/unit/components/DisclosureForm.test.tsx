// The one toggle button and form (components/DisclosureForm.tsx) behind the card's Compare and
// Set a goal and the Watchlist's Compare two: aria-expanded follows, Escape closes, and the
// focus goes to the first field on open and back to the opener on close.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useRef } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DisclosureForm } from '@/components/DisclosureForm';

function Example({
  onSubmit = () => {},
  onClose,
  withBody = false,
}: {
  onSubmit?: (close: () => void) => void;
  onClose?: () => void;
  withBody?: boolean;
}) {
  const field = useRef<HTMLInputElement>(null);
  return (
    <DisclosureForm
      id="example"
      opener="Open it"
      class="example"
      formClass="example__form"
      formLabel="Example form"
      firstField={field}
      onSubmit={onSubmit}
      {...(onClose ? { onClose } : {})}
      {...(withBody ? { body: { class: 'example__body', after: <p>Results</p> } } : {})}
      footer={<p role="status">Footer</p>}
    >
      {(close) => (
        <>
          <label for="example-name">Name</label>
          <input ref={field} id="example-name" />
          <button type="button" onClick={close}>
            Cancel
          </button>
        </>
      )}
    </DisclosureForm>
  );
}

const opener = () => screen.getByRole('button', { name: 'Open it' });

describe('DisclosureForm', () => {
  afterEach(cleanup);

  it('toggles aria-expanded and names what it opens', () => {
    render(<Example />);
    expect(opener().getAttribute('aria-expanded')).toBe('false');
    expect(opener().getAttribute('aria-controls')).toBe('example');
    expect(screen.queryByRole('form', { name: 'Example form' })).toBeNull();
    fireEvent.click(opener());
    expect(opener().getAttribute('aria-expanded')).toBe('true');
    const form = screen.getByRole('form', { name: 'Example form' });
    expect(form.id).toBe('example');
    expect(form.hasAttribute('novalidate')).toBe(true);
    fireEvent.click(opener());
    expect(opener().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('form', { name: 'Example form' })).toBeNull();
  });

  it('focuses the first field on open; Escape closes and gives the focus back to the opener', async () => {
    const onClose = vi.fn();
    render(<Example onClose={onClose} />);
    fireEvent.click(opener());
    const field = screen.getByLabelText('Name');
    await vi.waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(opener().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(opener());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("the form's own close button closes it and returns the focus too", () => {
    render(<Example />);
    fireEvent.click(opener());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(document.activeElement).toBe(opener());
  });

  it('submits with the default prevented, and a submit may close it', () => {
    const onSubmit = vi.fn((close: () => void) => close());
    render(<Example onSubmit={onSubmit} />);
    fireEvent.click(opener());
    const form = screen.getByRole('form', { name: 'Example form' });
    // fireEvent answers false when the default (a page load) was prevented.
    expect(fireEvent.submit(form)).toBe(false);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(document.activeElement).toBe(opener());
  });

  it('with a body, the form and what follows share the region the opener controls; the footer stays', () => {
    render(<Example withBody />);
    expect(screen.getByRole('status').textContent).toBe('Footer');
    fireEvent.click(opener());
    const region = document.getElementById('example');
    expect(region?.className).toBe('example__body');
    expect(region?.querySelector('form')).not.toBeNull();
    expect(region?.textContent).toContain('Results');
    fireEvent.click(opener());
    expect(document.getElementById('example')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Footer');
  });
});
