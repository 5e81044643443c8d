import { act, cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNow } from '@/hooks/use-now';
import { advance } from '../../fixtures/players';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

describe('useNow', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function probe() {
    const seen: number[] = [];
    function Probe({ active }: { active: boolean }) {
      seen.push(useNow(1000, active));
      return null;
    }
    return { seen, Probe };
  }

  it('renders again every interval while active, with the time of that render', async () => {
    vi.useFakeTimers({ now: T0 });
    const { seen, Probe } = probe();
    render(<Probe active />);
    for (let tick = 0; tick < 3; tick += 1) await advance(1000);
    expect(seen).toEqual([T0, T0 + 1000, T0 + 2000, T0 + 3000]);
  });

  it('does not tick while inactive, and starts again when active', async () => {
    vi.useFakeTimers({ now: T0 });
    const { seen, Probe } = probe();
    const { rerender } = render(<Probe active={false} />);
    await advance(5000);
    expect(seen).toEqual([T0]);
    act(() => rerender(<Probe active />));
    await advance(1000);
    expect(seen).toEqual([T0, T0 + 5000, T0 + 6000]);
  });

  it('stops its timer when unmounted', async () => {
    vi.useFakeTimers({ now: T0 });
    const { Probe } = probe();
    const before = vi.getTimerCount();
    const { unmount } = render(<Probe active />);
    expect(vi.getTimerCount()).toBe(before + 1);
    act(() => {
      unmount();
    });
    expect(vi.getTimerCount()).toBe(before);
  });
});
