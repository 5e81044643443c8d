import { describe, expect, it, vi } from 'vitest';
import type { CardUi } from '@/utils/forum/card-ui-handshake';
import { loadInjectedCardUi, registerCardUi, registeredCardUi } from '@/utils/forum/card-ui-handshake';

const fakeUi = (): CardUi => ({
  host: null,
  show: () => {},
  hide: () => {},
  focusables: () => [],
  activeInCard: () => null,
});

describe('card UI loaded as a separate script', () => {
  it('asks for the script once and returns what it registered', async () => {
    const scope = {};
    const create = vi.fn(fakeUi);
    const inject = vi.fn(async () => registerCardUi(create, scope));
    expect(registeredCardUi(scope)).toBeUndefined();
    await expect(loadInjectedCardUi(inject, scope)).resolves.toBe(create);
    await expect(loadInjectedCardUi(inject, scope)).resolves.toBe(create);
    expect(inject).toHaveBeenCalledTimes(1);
  });

  it('fails when the script did not register itself', async () => {
    await expect(loadInjectedCardUi(async () => ({ ok: false }), {})).rejects.toThrow(/could not be loaded/);
  });

  it('registers under a symbol, not a string property', () => {
    const scope: Record<string, unknown> = {};
    registerCardUi(fakeUi, scope);
    expect(Object.keys(scope)).toEqual([]);
  });
});
