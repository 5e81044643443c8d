import { act, cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLatestGate, type RequestState, useDebounced, useLatestRequest } from '@/hooks/use-request';
import type { Reply } from '@/utils/messages';
import { advance, deferred } from '../../fixtures/players';

describe('createLatestGate', () => {
  it('only the latest ticket is current', () => {
    const gate = createLatestGate();
    const first = gate.next();
    const second = gate.next();
    expect(gate.isLatest(first)).toBe(false);
    expect(gate.isLatest(second)).toBe(true);
    gate.invalidate();
    expect(gate.isLatest(second)).toBe(false);
  });
});

describe('useLatestRequest', () => {
  afterEach(cleanup);

  function harness() {
    const seen: RequestState<string>[] = [];
    let api!: ReturnType<typeof useLatestRequest<string>>;
    const onSettled = vi.fn();
    function Probe() {
      api = useLatestRequest<string>(onSettled);
      seen.push(api.state);
      return null;
    }
    render(<Probe />);
    return {
      seen,
      onSettled,
      get api() {
        return api;
      },
    };
  }

  const okReply = (data: string): Reply<string> => ({ ok: true, data, fetchedAt: 1 });

  it('goes loading → done, keeping the previous answer while loading', async () => {
    const h = harness();
    await act(() => h.api.run(async () => okReply('one'), 'k1'));
    expect(h.api.state).toMatchObject({ status: 'done', key: 'k1', reply: { data: 'one' } });
    const next = deferred<Reply<string>>();
    let pending!: Promise<void>;
    act(() => {
      pending = h.api.run(() => next.promise, 'k2');
    });
    expect(h.api.state).toMatchObject({ status: 'loading', previous: { key: 'k1' } });
    await act(async () => {
      next.resolve(okReply('two'));
      await pending;
    });
    expect(h.api.state).toMatchObject({ status: 'done', key: 'k2', reply: { data: 'two' } });
    expect(h.onSettled).toHaveBeenCalledTimes(2);
  });

  it('drops answers to requests that are no longer the latest', async () => {
    const h = harness();
    const slow = deferred<Reply<string>>();
    const fast = deferred<Reply<string>>();
    let a!: Promise<void>;
    let b!: Promise<void>;
    act(() => {
      a = h.api.run(() => slow.promise, 'old');
      b = h.api.run(() => fast.promise, 'new');
    });
    await act(async () => {
      fast.resolve(okReply('new'));
      await b;
      slow.resolve(okReply('old'));
      await a;
    });
    expect(h.api.state).toMatchObject({ status: 'done', key: 'new' });
    expect(h.onSettled).toHaveBeenCalledTimes(1);
  });

  it('turns a thrown error into a bad-response reply', async () => {
    const h = harness();
    await act(() => h.api.run(() => Promise.reject(new Error('boom'))));
    expect(h.api.state).toMatchObject({
      status: 'done',
      reply: { ok: false, error: { kind: 'bad-response' } },
    });
  });

  it('reset goes back to idle and drops what is in flight', async () => {
    const h = harness();
    const slow = deferred<Reply<string>>();
    let pending!: Promise<void>;
    act(() => {
      pending = h.api.run(() => slow.promise);
    });
    act(() => h.api.reset());
    await act(async () => {
      slow.resolve(okReply('late'));
      await pending;
    });
    expect(h.api.state).toEqual({ status: 'idle' });
  });
});

describe('useDebounced', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('settles on a value once it stops changing', async () => {
    vi.useFakeTimers();
    const values: string[] = [];
    function Probe({ value }: { value: string }) {
      values.push(useDebounced(value, 300));
      return null;
    }
    const { rerender } = render(<Probe value="a" />);
    rerender(<Probe value="ab" />);
    await advance(200);
    rerender(<Probe value="abc" />);
    await advance(299);
    expect(values.at(-1)).toBe('a');
    await advance(1);
    expect(values.at(-1)).toBe('abc');
    expect(values).not.toContain('ab');
  });
});
