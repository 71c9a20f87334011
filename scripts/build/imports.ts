// One reader of a module's imports and exports, parsed rather than matched, so every form counts: `import x from`,
// `import './x'`, `export ... from`, `import('./x')` and `require('./x')`. The build's chunk planning
// (./chunk-groups.ts, ./graphql-documents.ts) and the import boundaries test (tests/support/import-graph.ts) both
// read modules through it.
import { readFileSync } from 'node:fs';
import { parseSync } from '@babel/core';

export type ImportKind = 'static' | 'side-effect' | 're-export' | 'dynamic' | 'require';

/** A name an import takes: `{ a as b }` is { imported: 'a', local: 'b' }; `* as ns` is '*', a default 'default'. */
export interface ImportedName {
  imported: string;
  local: string;
}

export interface ImportRef {
  spec: string;
  kind: ImportKind;
  /** `import type`, `export type ... from`: gone at run time. */
  typeOnly: boolean;
  line: number;
  /** The names a static import or a re-export takes (empty for the other kinds). */
  names: ImportedName[];
  /** Where the statement or call stands in the source, for a transform that rewrites it. */
  start: number;
  end: number;
}

/** A name the module exports by a list: from another module (`export { a as b } from './x'`) or a binding of its own (`export { a }`); declarations (`export const`) are not listed. */
export interface ExportedName {
  exported: string;
  local: string;
  from: string | null;
}

export interface ModuleShape {
  imports: ImportRef[];
  exports: ExportedName[];
  /** The specifiers of `export * from '...'`. */
  exportsAll: string[];
}

type Node = { type: string; start?: number | null; end?: number | null; loc?: { start: { line: number } } | null; [key: string]: unknown };

const literal = (node: unknown): string | null => {
  const value = node as Node | undefined;
  if (value?.type === 'StringLiteral') return value.value as string;
  if (value?.type === 'TemplateLiteral' && (value.expressions as unknown[]).length === 0) {
    return ((value.quasis as { value: { cooked: string } }[])[0]?.value.cooked) ?? null;
  }
  return null;
};

const nameOf = (node: unknown): string => {
  const value = node as Node;
  return value.type === 'Identifier' ? (value.name as string) : (value.value as string);
};

const parserPlugins = (path: string): ('typescript' | 'jsx')[] =>
  /\.[cm]?ts$/.test(path) ? ['typescript'] : /\.tsx$/.test(path) ? ['typescript', 'jsx'] : ['jsx'];

/** The imports and exports of one module's source (TypeScript, TSX or plain JavaScript). */
export function parseModule(file: string, source = readFileSync(file, 'utf8')): ModuleShape {
  const ast = parseSync(source, {
    filename: file,
    babelrc: false,
    configFile: false,
    sourceType: 'module',
    // A build's module id may carry a query (`route.tsx?tsr-split=component`); plain JavaScript may hold JSX.
    parserOpts: { plugins: parserPlugins(file.replace(/\?.*$/, '')) },
  });
  if (!ast) throw new Error(`Cannot parse ${file}`);
  const shape: ModuleShape = { imports: [], exports: [], exportsAll: [] };
  const add = (spec: string, kind: ImportKind, typeOnly: boolean, node: Node, names: ImportedName[] = []) =>
    shape.imports.push({ spec, kind, typeOnly, line: node.loc?.start.line ?? 0, names, start: node.start ?? 0, end: node.end ?? 0 });
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
    const current = node as Node;
    switch (current.type) {
      case 'ImportDeclaration': {
        const specifiers = current.specifiers as Node[];
        const names = specifiers.map((specifier) => ({
          imported:
            specifier.type === 'ImportNamespaceSpecifier' ? '*' : specifier.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(specifier.imported),
          local: nameOf(specifier.local),
        }));
        // `import { type A } from './a'` is not type-only: with verbatimModuleSyntax it stays as
        // `import {} from './a'`, which still runs './a'.
        add(literal(current.source)!, specifiers.length ? 'static' : 'side-effect', current.importKind === 'type', current, names);
        return;
      }
      case 'ExportNamedDeclaration': {
        const from = current.source ? literal(current.source) : null;
        const names = ((current.specifiers as Node[] | undefined) ?? []).map((specifier) => ({
          imported: specifier.type === 'ExportNamespaceSpecifier' ? '*' : nameOf(specifier.local ?? specifier.exported),
          local: nameOf(specifier.exported),
        }));
        for (const { imported, local } of names) shape.exports.push({ exported: local, local: imported, from });
        if (from !== null) add(from, 're-export', current.exportKind === 'type', current, names);
        break;
      }
      case 'ExportAllDeclaration': {
        const from = literal(current.source)!;
        shape.exportsAll.push(from);
        add(from, 're-export', current.exportKind === 'type', current);
        break;
      }
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
  return shape;
}

/** The imports of one module, in source order. */
export const importsOf = (file: string, source?: string): ImportRef[] => parseModule(file, source).imports;
