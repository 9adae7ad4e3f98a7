/**
 * The structure check: no import cycle anywhere in client/, server/, shared/ and bench/ (type-only imports
 * included: a cycle of types is still two modules that cannot be understood apart). Relative imports are read
 * from each file's text and resolved like the bundler does; cycles are found as strongly connected components.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT, resolveImport, root, sources } from './source-graph';

const ROOTS = ['client', 'server', 'shared', 'bench', 'e2e', 'scripts'];

/** Tarjan's algorithm, iterative (the graph has a few hundred nodes, but no recursion on principle). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const dir of ROOTS) {
    for (const file of sources(join(root, dir))) {
      const text = readFileSync(file, 'utf8');
      const edges: string[] = [];
      for (const match of text.matchAll(IMPORT)) {
        const target = resolveImport(file, (match[2] ?? match[3])!);
        if (target) edges.push(relative(root, target));
      }
      graph.set(relative(root, file), edges);
    }
  }
  return graph;
}

describe('import graph', () => {
  it('has no cycle', () => {
    expect(cycles(importGraph())).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('reads the imports of a real file (the check is not blind)', () => {
    const edges = importGraph().get('server/app.ts') ?? [];
    expect(edges).toContain('server/http/error-handler.ts');
  });
});
