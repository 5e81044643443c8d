import { vi } from 'vitest';

/** Stands in for uPlot (no canvas in unit tests): records what the chart asked of it. */
export class FakeUPlot {
  static instances: FakeUPlot[] = [];
  /** Set to make the next construction throw. */
  static failNext = false;
  /** uPlot's path builders: a step line asks for `stepped`. */
  static paths = { stepped: vi.fn((options: { align: number }) => ({ stepped: options })) };
  width: number;
  setSize = vi.fn((size: { width: number; height: number }) => {
    this.width = size.width;
  });
  setData = vi.fn();
  destroy = vi.fn();

  constructor(
    readonly opts: { width: number; [key: string]: unknown },
    readonly data: unknown,
    readonly target: HTMLElement,
  ) {
    if (FakeUPlot.failNext) {
      FakeUPlot.failNext = false;
      throw new Error('no canvas');
    }
    this.width = opts.width;
    FakeUPlot.instances.push(this);
  }
}
