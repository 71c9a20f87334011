// The import graph of the project's own source: every import of every module, in each form (static,
// side-effect, re-export, dynamic, require), read by the build's own parser (scripts/build/imports.ts), and
// resolved to files the way the bundler does (`./x` → x.ts, x.tsx, x/index.ts, x/index.tsx). Used by
// tests/unit/boundaries.test.ts.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { importsOf, type ImportRef } from '../../scripts/build/imports';

export { importsOf, type ImportKind, type ImportRef } from '../../scripts/build/imports';

/** Every .ts/.tsx file below a folder. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative import loads, as the bundler resolves it; null for a package or a missing file. */
export function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(?:js|jsx|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

export interface ImportEdge {
  from: string;
  to: string;
  ref: ImportRef;
}

/** Every relative import between the given modules' source files, resolved. */
export function importEdges(files: readonly string[]): ImportEdge[] {
  return files.flatMap((from) =>
    importsOf(from).flatMap((ref) => {
      const to = resolveImport(from, ref.spec);
      return to ? [{ from, to, ref }] : [];
    }),
  );
}

/**
 * Every elementary cycle of a graph, each as its modules in import order, starting at the smallest
 * (so the same cycle always reads the same). Stops after `max` cycles.
 */
export function elementaryCycles(edges: ReadonlyMap<string, readonly string[]>, max = 500): string[][] {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flat()])].sort();
  const cycles: string[][] = [];
  // For each start, the cycles through it whose other modules all sort after it (each cycle once).
  for (const start of nodes) {
    const stack = [start];
    const onStack = new Set(stack);
    const search = (at: string): boolean => {
      for (const next of edges.get(at) ?? []) {
        if (next === start) {
          cycles.push([...stack]);
          if (cycles.length >= max) return true;
        } else if (next > start && !onStack.has(next)) {
          stack.push(next);
          onStack.add(next);
          if (search(next)) return true;
          stack.pop();
          onStack.delete(next);
        }
      }
      return false;
    };
    if (search(start)) break;
  }
  return cycles;
}
