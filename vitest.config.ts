import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Vitest 5's reporter calls Map.groupBy, which Node 20 lacks: without this a failing test
// crashes the summary instead of being reported. Remove once the project moves to Node 22.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<K, V>(items: Iterable<V>, key: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let index = 0;
      for (const item of items) {
        const k = key(item, index++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

export default defineConfig({
  plugins: [WxtVitest(), preact()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/demo/**/*.test.ts'],
    environment: 'happy-dom',
    restoreMocks: true,
    setupFiles: ['tests/unit/setup.ts'],
    // A unit test's limit is there to catch a hang, not to judge speed (speed is the bench's): on
    // a machine loaded by other work the history's prune tests took 5-6 s, past the default 5 s.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
