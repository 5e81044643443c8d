// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DEMO_DIR = path.resolve(__dirname, '../../demo');
const LOCAL_IMPORT = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+'\.\/([^']+)'/g;

/** demo/ module → the demo/ modules it imports or re-exports from (type-only ones included). */
function demoImports(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of readdirSync(DEMO_DIR).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(path.join(DEMO_DIR, file), 'utf8');
    graph.set(
      file.replace(/\.ts$/, ''),
      [...source.matchAll(LOCAL_IMPORT)].map((match) => match[1] ?? ''),
    );
  }
  return graph;
}

function findCycle(graph: Map<string, string[]>): string[] | null {
  const done = new Set<string>();
  const visit = (node: string, trail: string[]): string[] | null => {
    if (trail.includes(node)) return [...trail.slice(trail.indexOf(node)), node];
    if (done.has(node)) return null;
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next, [...trail, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return null;
}

describe('demo/ imports', () => {
  it('are read from the sources (fixtures imports the player model)', () => {
    expect(demoImports().get('fixtures')).toEqual(['player-model']);
  });

  it('form no circle: every dependency points one way', () => {
    expect(findCycle(demoImports())).toBeNull();
  });

  it('the checker finds a circle when there is one', () => {
    const graph = new Map([
      ['fixtures', ['players']],
      ['players', ['fixtures']],
    ]);
    expect(findCycle(graph)).toEqual(['fixtures', 'players', 'fixtures']);
  });
});
