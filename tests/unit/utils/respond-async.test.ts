// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { respondAsync } from '@/utils/respond-async';

describe('respondAsync', () => {
  it('keeps the channel open and answers with what the promise resolves to', async () => {
    const sendResponse = vi.fn();
    expect(respondAsync(Promise.resolve({ ok: true }), sendResponse)).toBe(true);
    await vi.waitFor(() => expect(sendResponse).toHaveBeenCalledWith({ ok: true }));
  });

  it('still answers, with nothing, when the handler throws, so the sender is not left waiting', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sendResponse = vi.fn();
    respondAsync(Promise.reject(new Error('boom')), sendResponse);
    await vi.waitFor(() => expect(sendResponse).toHaveBeenCalledWith(undefined));
  });
});
