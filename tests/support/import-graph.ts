// The import graph of the project's own source: every import of every module, in each form (static,
// side-effect, re-export, dynamic, require), parsed rather than matched, and resolved to files the way
// the bundler does (`./x` → x.ts, x.tsx, x/index.ts, x/index.tsx). Used by tests/unit/boundaries.test.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseSync } from '@babel/core';

export type ImportKind = 'static' | 'side-effect' | 're-export' | 'dynamic' | 'require';

export interface ImportRef {
  spec: string;
  kind: ImportKind;
  /** `import type`, `export type ... from`: gone at run time. */
  typeOnly: boolean;
  line: number;
}

/** Every .ts/.tsx file below a folder. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

type Node = { type: string; loc?: { start: { line: number } } | null; [key: string]: unknown };

const literal = (node: unknown): string | null => {
  const value = node as Node | undefined;
  if (value?.type === 'StringLiteral') return value.value as string;
  if (value?.type === 'TemplateLiteral' && (value.expressions as unknown[]).length === 0) {
    return ((value.quasis as { value: { cooked: string } }[])[0]?.value.cooked) ?? null;
  }
  return null;
};

/** The imports of one module, in source order. */
export function importsOf(file: string, source = readFileSync(file, 'utf8')): ImportRef[] {
  const ast = parseSync(source, {
    filename: file,
    babelrc: false,
    configFile: false,
    sourceType: 'module',
    parserOpts: { plugins: file.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'] },
  });
  if (!ast) throw new Error(`Cannot parse ${file}`);
  const refs: ImportRef[] = [];
  const add = (spec: string, kind: ImportKind, typeOnly: boolean, node: Node) =>
    refs.push({ spec, kind, typeOnly, line: node.loc?.start.line ?? 0 });
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
    const current = node as Node;
    switch (current.type) {
      case 'ImportDeclaration': {
        const specifiers = current.specifiers as unknown[];
        // `import { type A } from './a'` is not type-only: with verbatimModuleSyntax it stays as
        // `import {} from './a'`, which still runs './a'.
        add(literal(current.source)!, specifiers.length ? 'static' : 'side-effect', current.importKind === 'type', current);
        return;
      }
      case 'ExportNamedDeclaration':
      case 'ExportAllDeclaration':
        if (current.source) add(literal(current.source)!, 're-export', current.exportKind === 'type', current);
        break;
      case 'TSImportEqualsDeclaration': {
        const reference = current.moduleReference as Node;
        if (reference.type === 'TSExternalModuleReference') add(literal(reference.expression)!, 'require', current.importKind === 'type', current);
        return;
      }
      case 'ImportExpression': {
        const spec = literal(current.source);
        if (spec !== null) add(spec, 'dynamic', false, current);
        break;
      }
      case 'CallExpression': {
        const callee = current.callee as Node;
        const spec = literal((current.arguments as unknown[])[0]);
        if (spec !== null && callee.type === 'Import') add(spec, 'dynamic', false, current);
        if (spec !== null && callee.type === 'Identifier' && callee.name === 'require') add(spec, 'require', false, current);
        break;
      }
      // Types never load a module (`typeof import('./x')` included).
      case 'TSImportType':
        return;
    }
    for (const [key, value] of Object.entries(current)) {
      if (key !== 'loc' && key !== 'leadingComments' && key !== 'trailingComments' && key !== 'innerComments') visit(value);
    }
  };
  visit(ast.program.body);
  return refs;
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
