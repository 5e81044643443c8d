import { act, cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from '@/hooks/use-countdown';
import { advance } from '../../fixtures/players';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

describe('useCountdown', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function probe() {
    const seen: number[] = [];
    function Probe({ seconds, startedAt }: { seconds: number; startedAt: number }) {
      const left = useCountdown(seconds, startedAt);
      if (seen.at(-1) !== left) seen.push(left);
      return null;
    }
    return { seen, Probe };
  }

  it('counts whole seconds down to 0, then stops its timer', async () => {
    vi.useFakeTimers({ now: T0 });
    const { seen, Probe } = probe();
    const before = vi.getTimerCount();
    render(<Probe seconds={3} startedAt={T0} />);
    for (let tick = 0; tick < 11; tick += 1) await advance(250);
    expect(seen).toEqual([3, 2, 1]);
    await advance(250);
    expect(seen).toEqual([3, 2, 1, 0]);
    expect(vi.getTimerCount()).toBe(before);
  });

  it('counts from when the wait started, not from the first render', async () => {
    vi.useFakeTimers({ now: T0 + 1500 });
    const { seen, Probe } = probe();
    render(<Probe seconds={5} startedAt={T0} />);
    expect(seen).toEqual([4]);
  });

  it('starts again for a new wait, and never ticks for one already over', async () => {
    vi.useFakeTimers({ now: T0 });
    const { seen, Probe } = probe();
    const before = vi.getTimerCount();
    const { rerender } = render(<Probe seconds={0} startedAt={T0} />);
    expect(seen).toEqual([0]);
    expect(vi.getTimerCount()).toBe(before);
    await advance(10_000);
    act(() => rerender(<Probe seconds={2} startedAt={T0 + 10_000} />));
    for (let tick = 0; tick < 8; tick += 1) await advance(250);
    expect(seen).toEqual([0, 2, 1, 0]);
  });
});
