// The build's chunk planning: the boot script's chunk, the libraries' three chunks, the app's chunk, and the
// first-load pages' groups (vite.config.ts hands chunkGroups() to rolldown's codeSplitting).
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { parseModule, type ModuleShape } from './imports';
import { appEntry, bootScript, everyPage, routesDir } from './paths';

/** Whether `importer` imports `id` statically, directly or through other modules. */
function importedBy(
  importer: string,
  id: string,
  context: { getModuleInfo(id: string): { importers: readonly string[] } | null },
): boolean {
  const seen = new Set<string>([id]);
  const queue = [id];
  while (queue.length) {
    const current = queue.pop()!;
    if (current === importer) return true;
    for (const next of context.getModuleInfo(current)?.importers ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null };

/**
 * Package entries that only re-export (Mantine's, Tabler's icons): following all their imports would take in
 * every component; `importedFrom` follows only the names a module imports from them.
 */
const barrelEntries: Record<string, RegExp> = {
  '@mantine/core': /[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/,
  '@mantine/hooks': /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
  '@mantine/form': /[\\/]@mantine[\\/]form[\\/]esm[\\/]index\.mjs$/,
  '@tabler/icons-react': /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs$/,
  '@tanstack/react-query': /[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]index\.js$/,
  '@tanstack/query-core': /[\\/]@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]index\.js$/,
};
const isBarrel = (id: string) => Object.values(barrelEntries).some((pattern) => pattern.test(id));
const packageOf = (barrel: string) => Object.keys(barrelEntries).find((name) => barrelEntries[name]!.test(barrel))!;

/** A module's imports and exports as the shared parser reads them, once per module. */
const shapes = new Map<string, ModuleShape>();
function shapeOf(id: string, code: string): ModuleShape {
  let shape = shapes.get(id);
  if (!shape) shapes.set(id, (shape = parseModule(id, code)));
  return shape;
}

/** A barrel's exported names → the module each comes from. */
function exportsOf(barrel: string, code: string): Map<string, string> {
  const dir = dirname(barrel);
  const shape = shapeOf(barrel, code);
  const local = new Map<string, string>();
  for (const ref of shape.imports) {
    if (ref.kind !== 'static' || !ref.spec.startsWith('.')) continue;
    for (const { local: name } of ref.names) local.set(name, resolve(dir, ref.spec));
  }
  const exported = new Map<string, string>();
  for (const { exported: name, local: own, from } of shape.exports) {
    const source = from === null ? local.get(own) : from.startsWith('.') ? resolve(dir, from) : undefined;
    if (source) exported.set(name, source);
  }
  return exported;
}

/** The modules a barrel takes `wanted` from, through `export * from` another barrel where needed. */
function sourcesIn(barrel: string, wanted: string[], context: ModuleGraph): string[] {
  const info = context.getModuleInfo(barrel);
  const code = info?.code ?? '';
  const exported = exportsOf(barrel, code);
  const missing = wanted.filter((name) => !exported.has(name));
  const found = wanted.map((name) => exported.get(name)).filter((source): source is string => !!source);
  if (!missing.length) return found;
  const starred = (info?.importedIds ?? []).filter((id) => isBarrel(id) && shapeOf(barrel, code).exportsAll.includes(packageOf(id)));
  // A name from somewhere else: the whole barrel, as without this narrowing.
  if (!starred.length) return [...found, barrel];
  return [...found, ...starred.flatMap((next) => sourcesIn(next, missing, context))];
}

/** The modules `id` imports statically, with a barrel's imports narrowed to the names `id` takes from it. */
function importedFrom(id: string, context: ModuleGraph): string[] {
  const info = context.getModuleInfo(id);
  if (!info) return [];
  const code = info.code ?? '';
  // A barrel reached as a whole (see sourcesIn): everything it imports.
  if (isBarrel(id)) return [...info.importedIds];
  return info.importedIds.flatMap((imported) => {
    if (!isBarrel(imported)) return [imported];
    // An unreadable module: the whole package, as without this narrowing.
    if (!code) return [imported];
    const named = shapeOf(id, code).imports.filter((ref) => ref.kind === 'static' && ref.spec === packageOf(imported)).flatMap((ref) => ref.names);
    // A namespace import: the whole package too.
    if (named.some((name) => name.imported === '*')) return [imported];
    return sourcesIn(imported, named.filter((name) => name.imported !== 'default').map((name) => name.imported), context);
  });
}

/** Every module that `roots` import statically, directly or through other modules (the roots included). */
function staticClosure(roots: readonly string[], context: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const queue = roots.filter((root) => context.getModuleInfo(root));
  while (queue.length) {
    const current = queue.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    queue.push(...importedFrom(current, context));
  }
  return seen;
}

/** The split chunks (component, loader) of route files, as the router plugin names them. */
const routeCode = (...routes: string[]) => routes.flatMap((route) => ['component', 'loader'].map((part) => `${routesDir}${route}.tsx?tsr-split=${part}`));

/**
 * The pages people open first, each with its layout: what their code imports beyond the app chunk goes in a
 * few chunks instead of the forty-odd small ones (a Mantine component, a hook, an icon each) the automatic
 * splitting makes. Each file costs a request, and on a phone's connection (6 connections per host over
 * HTTP/1.1, a round trip each) forty requests in a chain held /store's first paint of products back by
 * seconds; small files also compress worse. The chunks: what /login shares with /store or /dashboard, the rest
 * of /login's, what the other auth pages share with /store or /dashboard, what /store and /dashboard share,
 * then each one's own; so no page loads another page's code, and /register from /login loads little.
 * Other routes load these chunks where they use their modules, and their own code is split as before.
 */
/** The auth layout's other pages (register, reset password...), which /login and /store lead to. */
const otherAuthPages = readdirSync(join(routesDir, '_auth'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.tsx') && file !== 'login.tsx')
  .map((file) => `_auth/${file.replaceAll('\\', '/').replace(/\.tsx$/, '')}`);
const firstLoadPages = {
  login: [...routeCode('_auth', '_auth/login'), ...everyPage],
  auth: routeCode(...otherAuthPages),
  store: [...routeCode('_store', '_store/store.index'), ...everyPage],
  dashboard: [...routeCode('_member', '_member/dashboard'), ...everyPage],
};
type PageClosures = Record<keyof typeof firstLoadPages, Set<string>>;
let pageClosures: PageClosures | null = null;
function pageGroups() {
  const closures = (context: ModuleGraph) =>
    (pageClosures ??= Object.fromEntries(Object.entries(firstLoadPages).map(([page, roots]) => [page, staticClosure(roots, context)])) as PageClosures);
  const group = (name: string, priority: number, test: (pages: PageClosures, id: string) => boolean) => ({
    name: (id: string, context: ModuleGraph) => (test(closures(context), id) ? name : null),
    priority,
  });
  const layouts = (pages: PageClosures, id: string) => pages.store.has(id) || pages.dashboard.has(id);
  return [
    group('login-shared', 7, (pages, id) => pages.login.has(id) && layouts(pages, id)),
    group('login', 6, (pages, id) => pages.login.has(id)),
    // What the other auth pages share with /store (a few small modules) and with /dashboard, apart: in one
    // chunk /store loaded the auth pages' flows with it, and with /login's, /login loaded what it does not use.
    group('auth-store', 5, (pages, id) => pages.auth.has(id) && pages.store.has(id)),
    // Apart from /dashboard's too, or opening /register from /login would load all that /dashboard needs.
    group('auth-shared', 4, (pages, id) => pages.auth.has(id) && pages.dashboard.has(id)),
    group('layout-shared', 3, (pages, id) => pages.store.has(id) && pages.dashboard.has(id)),
    group('store', 2, (pages, id) => pages.store.has(id)),
    group('dashboard', 1, (pages, id) => pages.dashboard.has(id)),
  ];
}
/** A new build (watch mode) reads the module graph afresh. */
export const pageGroupsReset: Plugin = {
  name: 'page-groups-reset',
  apply: 'build',
  buildStart: () => {
    pageClosures = null;
    shapes.clear();
  },
};

/**
 * The libraries the app imports statically, in three chunks that the boot script evaluates one after the other,
 * a task each, before the app's own chunk (src/boot.ts): evaluated with the app in one go, they made the first
 * load's longest task (about 50 ms on this machine, four times that on Lighthouse's phone). Each chunk has a
 * module of src/app/boot/libraries that the boot script imports to evaluate it. Only what the app's static imports
 * really use ($initial): what pages import beyond the app stays with the pages.
 */
const libraryChunks: [name: string, packages: RegExp][] = [
  ['routing', /[\\/]node_modules[\\/](@tanstack[\\/](router-core|react-router|history|store|react-store)|tiny-invariant|tiny-warning|cookie-es|seroval[^\\/]*)[\\/]/],
  ['state', /[\\/]node_modules[\\/](xstate|@xstate[\\/][^\\/]+|@lingui[\\/][^\\/]+|valibot|graphql-request)[\\/]/],
  // Everything else the app imports from packages: React, React DOM, Mantine and theirs.
  ['ui', /[\\/]node_modules[\\/]/],
];
function libraryChunk(id: string, context: Parameters<typeof importedBy>[2]): string | null {
  const chunk = libraryChunks.find(([, packages]) => packages.test(id));
  return chunk && importedBy(appEntry, id, context) ? `lib-${chunk[0]}` : null;
}

/**
 * rolldown's codeSplitting groups. Everything the app (src/main.tsx) imports statically goes in one chunk: one
 * request, and gzip sees it whole (twenty small shared chunks compress worse and each costs a request). What the
 * boot script imports goes in a small chunk of its own first, or the boot script would wait for the app.
 */
export const chunkGroups = () => [
  { name: (id: string, context: ModuleGraph & Parameters<typeof importedBy>[2]) => (id !== bootScript && importedBy(bootScript, id, context) ? 'boot' : null), priority: 10 },
  { name: libraryChunk, tags: ['$initial' as const], priority: 9 },
  { name: (id: string, context: Parameters<typeof importedBy>[2]) => (importedBy(appEntry, id, context) ? 'app' : null), tags: ['$initial' as const], priority: 8 },
  ...pageGroups(),
];

/**
 * The first load's chunks, whose functions mostly run while the page starts: the boot script, the libraries,
 * the app, the first-load pages' groups and the pages' own code of /login, /store and /dashboard.
 */
const startingChunks = new Set(['index', 'boot', 'lib-routing', 'lib-ui', 'lib-state', 'main', 'login-shared', 'login', 'layout-shared', 'store', 'dashboard']);

/**
 * Chrome's explicit compile hint (V8, from Chrome 136; other engines read a comment) for them: V8 compiles every
 * function of such a file as the file arrives, off the main thread, instead of pre-parsing it there and
 * compiling each function on the main thread when it is first called (a second parse). Measured on /login: a
 * fifth less main-thread work (`npm run bench:lighthouse`). Put before everything, after minification
 * (rolldown's postBanner), as V8 looks for it at the very start of the file only.
 */
export const compileHint = (chunk: { name: string }) => (startingChunks.has(chunk.name) ? '//# allFunctionsCalledOnLoad\n' : '');
