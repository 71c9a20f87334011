/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import { compression } from 'vite-plugin-compression2';
import { ModuleCustomConfigDocument, ProductCategoriesDocument, ProductsDocument, WhiteLabelDocument } from './src/api/generated/graphql';

/**
 * Per-component Mantine CSS: each component's class-name module (`esm/components/X/X.module.mjs`) imports its
 * sheet (`styles/X.css`), so the sheet lands in whichever chunk holds the component and loads with it,
 * instead of the whole 40 KB sheet on every first load. The base sheets come from src/app/mantine-styles.ts.
 * Build only: development pre-bundles Mantine and loads the whole sheet.
 */
function mantineComponentStyles(): Plugin {
  const classModule = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
  return {
    name: 'mantine-component-styles',
    apply: 'build',
    transform(code, id) {
      const match = classModule.exec(id);
      if (!match) return null;
      return { code: `import '@mantine/core/styles/${match[1]}.css';\n${code}`, map: null };
    },
  };
}

/**
 * One module per GraphQL document. The client preset's babel optimizer turns each `graphql(`...`)` into an
 * import of that one document from the generated `graphql.ts`; but that file is a single module, so the
 * chunk that holds it would hold every document. Here each such import gets a module of its own (the
 * document and nothing else), and the generated documents are marked pure so the unused copies go.
 * Build only: development and tests use the generated file as it is.
 */
function graphqlDocumentModules(): Plugin {
  const generated = fileURLToPath(new URL('./src/api/generated/graphql.ts', import.meta.url));
  const generatedMap = fileURLToPath(new URL('./src/api/generated/gql.ts', import.meta.url));
  const importPattern = /import\s*\{([^}]*)\}\s*from\s*["']((?:\.\.?\/)+(?:api\/)?generated\/graphql)["'];?/g;
  const prefix = 'virtual:graphql-document/';
  return {
    name: 'graphql-document-modules',
    apply: 'build',
    resolveId(source) {
      return source.startsWith(prefix) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const name = id.slice(prefix.length + 1);
      const source = readFileSync(generated, 'utf8');
      const match = new RegExp(`export const ${name} = new TypedDocumentString\\(([\\s\\S]*?)\\) as unknown as TypedDocumentString<`).exec(source);
      if (!match) throw new Error(`graphql-document-modules: ${name} is not in ${generated}`);
      return `import { TypedDocumentString } from ${JSON.stringify(generated)};\nexport const ${name} = /* @__PURE__ */ new TypedDocumentString(${match[1]});\n`;
    },
    transform(code, id) {
      if (id === generated) {
        return { code: code.replaceAll('= new TypedDocumentString(', '= /* @__PURE__ */ new TypedDocumentString('), map: null };
      }
      // The optimizer has replaced every graphql() call; its map of all documents would keep them all.
      if (id === generatedMap) return { code: 'export function graphql() {\n  throw new Error("graphql() is compiled away");\n}\n', map: null };
      if (id.includes('node_modules') || !code.includes('generated/graphql')) return null;
      return {
        code: code.replace(importPattern, (statement: string, names: string) => {
          const specifiers = names.split(',').map((name) => name.trim()).filter(Boolean);
          // Only plain document imports (types are gone by now); anything else stays as written.
          if (!specifiers.every((name) => /^\w+Document(?: as \w+)?$/.test(name))) return statement;
          return specifiers.map((name) => `import { ${name} } from "${prefix}${name.split(' ')[0]}";`).join('\n');
        }),
        map: null,
      };
    },
  };
}

/**
 * Every language's catalogue in two parts: `messages.po?part=first`, the messages of the code every first load
 * and every auth page runs (the shell, the auth pages, the app-status dialogs, shared components and helpers:
 * a message counts if any of its origins is there), and `?part=rest`, all the others. /login then loads a
 * third of the catalogue; src/app/router/catalogue-gate.ts loads the rest before any other page renders
 * (src/lib/i18n.ts). Compiled as the Lingui plugin compiles a whole catalogue, and failing the build the same
 * way on a missing translation or a message that does not compile.
 */
const firstCatalogueOrigins =
  /^src\/(app\/|lib\/|components\/|features\/(shell|auth|app-status)\/|routes\/__root\.tsx|routes\/_auth(\.tsx|\/)|main\.tsx|boot\.ts)/;
function cataloguePart(): Plugin {
  const partId = /[\\/]locales[\\/][\w-]+[\\/]messages\.po\?part=(first|rest)$/;
  let config: Awaited<ReturnType<typeof loadLinguiConfig>> | null = null;
  return {
    name: 'catalogue-part',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!/\.po\?part=(first|rest)$/.test(source)) return null;
      const [file, query] = source.split('?');
      return `${resolve(importer ? dirname(importer) : process.cwd(), file!)}?${query}`;
    },
    async load(id) {
      const match = partId.exec(id);
      if (!match) return null;
      config ??= await loadLinguiConfig();
      const { getCatalogForFile, getCatalogs, createCompiledCatalog, createMissingErrorMessage, createCompilationErrorMessage } = await import('@lingui/cli/api');
      const file = id.split('?')[0]!;
      this.addWatchFile(file);
      const found = getCatalogForFile(relative(config.rootDir ?? process.cwd(), file), await getCatalogs(config));
      if (!found) throw new Error(`catalogue-part: ${file} is no catalogue of lingui.config.ts`);
      const { locale, catalog } = found;
      const { messages, missing } = await catalog.getTranslations(locale, {
        // As the Lingui plugin passes them (its config type marks them optional; getConfig fills them in).
        fallbackLocales: config.fallbackLocales,
        sourceLocale: config.sourceLocale,
      } as Parameters<typeof catalog.getTranslations>[1]);
      if (missing.length) throw new Error(createMissingErrorMessage(locale, missing, 'loader'));
      const entries = (await catalog.read(locale)) ?? {};
      const first = (messageId: string) => (entries[messageId]?.origin ?? []).some(([origin]) => firstCatalogueOrigins.test(origin.replaceAll('\\', '/')));
      const wanted = match[1] === 'first';
      const part = Object.fromEntries(Object.entries(messages).filter(([messageId]) => first(messageId) === wanted));
      const { source, errors } = createCompiledCatalog(locale, part, { namespace: 'es', pseudoLocale: config.pseudoLocale });
      if (errors.length) throw new Error(createCompilationErrorMessage(locale, errors));
      return { code: source, map: null, moduleType: 'js' };
    },
  };
}
async function loadLinguiConfig() {
  const { getConfig } = await import('@lingui/conf');
  return getConfig({ cwd: fileURLToPath(new URL('.', import.meta.url)) });
}

const bootScript = fileURLToPath(new URL('./src/boot.ts', import.meta.url));
const appEntry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/**
 * The boot script imports the app dynamically (it has to run first), once the static shell has painted the
 * tenant's logo (src/boot.ts): the app's code is not preloaded from index.html, or on a phone's connection it
 * would share the bandwidth with that first paint (Lighthouse /login: LCP 2.0 -> 1.3 s, the app interactive
 * no later). Its CSS goes in as a stylesheet, fetched in parallel with the boot script. This also writes, as
 * JSON, the app's files and a map of every route's own code (the split component and loader chunks, with what
 * they import beyond the app's code), from which the boot script preloads the app's code and the code of the
 * page being opened (src/app/boot/route-code.ts).
 */
function preloadApp(): Plugin {
  return {
    name: 'preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = new Map(
          Object.values(bundle ?? {})
            .filter((output) => output.type === 'chunk')
            .map((chunk) => [chunk.fileName, chunk]),
        );
        const closure = (fileName: string, into: Set<string>, css: Set<string>, skip = new Set<string>()) => {
          const chunk = chunks.get(fileName);
          if (!chunk || into.has(fileName) || skip.has(fileName)) return;
          into.add(fileName);
          chunk.viteMetadata?.importedCss.forEach((file) => css.add(file));
          chunk.imports.forEach((next) => closure(next, into, css, skip));
        };
        const app = [...chunks.values()].find((chunk) => chunk.facadeModuleId === appEntry || chunk.moduleIds.includes(appEntry));
        if (!app) throw new Error('preload-app: no chunk for src/main.tsx');
        // Every first load runs the app's chunk: no page's code belongs in it. A route file that imports a
        // page module for its search schema or guard (rather than from src/lib) pulls the whole page in; that
        // once put the dashboard's widgets and flows (58 KB gzip) into every first load.
        const pageCode = app.moduleIds.filter((id) => /[\\/]src[\\/](features[\\/](?!shell[\\/]|app-status[\\/])|app[\\/]pages[\\/])/.test(id));
        if (pageCode.length) throw new Error(`preload-app: page code in the app's chunk (import it from a route's - file or src/lib instead): ${pageCode.join(', ')}`);
        const appFiles = new Set<string>();
        const appCss = new Set<string>();
        closure(app.fileName, appFiles, appCss);
        // Nor TanStack Query: /login shows no server data, and its code comes with the layouts that do
        // (src/app/router/query-client-loader.ts); one static import of it from the app's code brings 8 KB gzip back.
        const query = [...appFiles].flatMap((file) => chunks.get(file)?.moduleIds ?? []).filter((id) => /[\\/]@tanstack[\\/](query-core|react-query)[\\/]/.test(id));
        if (query.length) throw new Error(`preload-app: TanStack Query in the app's first load (load it through src/app/router/query-client-loader.ts): ${query.join(', ')}`);
        // The boot script evaluates the libraries through src/app/boot/libraries/*: each may name only what the app's
        // chunks hold, or its import fetches page code on every first load.
        for (const facade of chunks.values()) {
          if (!/[\\/]src[\\/]app[\\/]boot[\\/]libraries[\\/]/.test(facade.facadeModuleId ?? '')) continue;
          const reached = new Set<string>();
          closure(facade.fileName, reached, new Set(), appFiles);
          reached.delete(facade.fileName);
          if (reached.size) throw new Error(`preload-app: ${facade.facadeModuleId} imports beyond the app's chunks: ${[...reached].join(', ')}`);
        }

        // The app's own files (its chunk and the libraries' chunks), which the boot script preloads together and
        // evaluates in turn; then each route file (relative to src/routes, no extension) → its split chunks and
        // their imports.
        const files: string[] = [...appFiles].map((name) => name.replace(/^assets\//, ''));
        const appCode = files.map((_, index) => index);
        const routes: Record<string, number[]> = {};
        for (const chunk of chunks.values()) {
          const id = chunk.facadeModuleId ?? '';
          const match = /^(.*)\.tsx\?tsr-split=/.exec(id);
          if (!match || !id.startsWith(routesDir)) continue;
          const route = match[1]!.slice(routesDir.length);
          const own = new Set<string>();
          const css = new Set<string>();
          closure(chunk.fileName, own, css, appFiles);
          for (const file of [...own, ...css].map((name) => name.replace(/^assets\//, ''))) {
            if (!files.includes(file)) files.push(file);
            (routes[route] ??= []).push(files.indexOf(file));
          }
        }
        return [
          // Applied from the start (render-blocking, fetched in parallel with the boot script): its parse and
          // style pass then happen while the page is small, not in a long task once the app starts.
          ...[...appCss].map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          // JSON, not a script: the CSP allows no inline script, and none runs here.
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'route-code' },
            children: JSON.stringify({ files, app: appCode, routes }).replaceAll('<', '\\u003c'),
            injectTo: 'body' as const,
          },
        ];
      },
    },
  };
}

/**
 * The boot script's first requests, the tenant's settings (src/app/boot/tenant-request.ts) and on the public
 * store's first page its products and categories (src/app/boot/store-request.ts), named in the page as
 * JSON: a server that can answers them in the page it serves (the reference server does, server/page.ts),
 * and the boot script then takes those answers instead of waiting a round trip for each
 * (src/api/page-answers.ts). The documents are the app's own, so the answers have the very shape it asks for.
 */
function tenantDocuments(): Plugin {
  return {
    name: 'tenant-documents',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'script',
        attrs: { type: 'application/json', id: 'tenant-documents' },
        children: JSON.stringify({
          whiteLabel: WhiteLabelDocument.toString(),
          productsConfig: ModuleCustomConfigDocument.toString(),
          // On the store's first page only (src/boot-protocol/store-first-page.ts).
          products: ProductsDocument.toString(),
          productCategories: ProductCategoriesDocument.toString(),
        }).replaceAll('<', '\\u003c'),
        injectTo: 'body' as const,
      },
    ],
  };
}

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
const names = (list: string) =>
  list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter(([name]) => name);

/** A barrel's exported names → the module each comes from. */
const barrelExports = new Map<string, Map<string, string>>();
function exportsOf(barrel: string, code: string): Map<string, string> {
  const known = barrelExports.get(barrel);
  if (known) return known;
  const dir = dirname(barrel);
  const local = new Map<string, string>();
  const exported = new Map<string, string>();
  for (const [, list, from] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g))
    for (const [name, alias] of names(list!)) local.set(alias ?? name!, resolve(dir, from!));
  for (const [, list, from] of code.matchAll(/export\s*\{([^}]*)\}(?:\s*from\s*["'](\.[^"']+)["'])?/g))
    for (const [name, alias] of names(list!)) {
      const source = from ? resolve(dir, from) : local.get(name!);
      if (source) exported.set(alias ?? name!, source);
    }
  barrelExports.set(barrel, exported);
  return exported;
}

const escape = (text: string) => text.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&');
const packageOf = (barrel: string) => Object.keys(barrelEntries).find((name) => barrelEntries[name]!.test(barrel))!;

/** The modules a barrel takes `wanted` from, through `export * from` another barrel where needed. */
function sourcesIn(barrel: string, wanted: string[], context: ModuleGraph): string[] {
  const info = context.getModuleInfo(barrel);
  const code = info?.code ?? '';
  const exported = exportsOf(barrel, code);
  const missing = wanted.filter((name) => !exported.has(name));
  const found = wanted.map((name) => exported.get(name)).filter((source): source is string => !!source);
  if (!missing.length) return found;
  const starred = (info?.importedIds ?? []).filter((id) => isBarrel(id) && new RegExp(`export\\s*\\*\\s*from\\s*["']${escape(packageOf(id))}["']`).test(code));
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
    const pkg = escape(packageOf(imported));
    // A namespace import or an unreadable module: the whole package, as without this narrowing.
    if (!code || new RegExp(`import\\s*\\*\\s*as\\s*\\w+\\s*from\\s*["']${pkg}["']`).test(code)) return [imported];
    const wanted = [...code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${pkg}["']`, 'g'))].flatMap(([, list]) => names(list!).map(([name]) => name!));
    return sourcesIn(imported, wanted, context);
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

const routesDir = fileURLToPath(new URL('./src/routes/', import.meta.url));
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
/** What every page loads at run time besides its routes' code: the app-status flows (src/app/app.tsx). */
const everyPage = [fileURLToPath(new URL('./src/app/flows/app-status.ts', import.meta.url))];
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
    group('login-shared', 6, (pages, id) => pages.login.has(id) && layouts(pages, id)),
    group('login', 5, (pages, id) => pages.login.has(id)),
    // What the other auth pages share with /store or /dashboard: apart, or opening /register from /login
    // would load all that /store and /dashboard share.
    group('auth-shared', 4, (pages, id) => pages.auth.has(id) && layouts(pages, id)),
    group('layout-shared', 3, (pages, id) => pages.store.has(id) && pages.dashboard.has(id)),
    group('store', 2, (pages, id) => pages.store.has(id)),
    group('dashboard', 1, (pages, id) => pages.dashboard.has(id)),
  ];
}
/** A new build (watch mode) reads the module graph afresh. */
const pageGroupsReset: Plugin = { name: 'page-groups-reset', apply: 'build', buildStart: () => {
    pageClosures = null;
    barrelExports.clear();
  } };

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

// In `npm run dev` Vite serves the app and forwards the API to the reference server (API_URL).
const apiTarget = process.env.API_URL ?? 'http://localhost:8081';

export default defineConfig(({ command }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too: what they import (a page's API and its documents) stays out of the entry.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    babel({
      plugins: [
        '@lingui/babel-plugin-lingui-macro',
        // graphql(`...`) becomes an import of that one typed document, so the bundle holds only the
        // operations a chunk uses, not the generated map of all of them.
        [babelOptimizerPlugin, { artifactDirectory: './src/api/generated', gqlTagName: 'graphql' }],
      ],
    }),
    react(),
    mantineComponentStyles(),
    preloadApp(),
    tenantDocuments(),
    pageGroupsReset,
    graphqlDocumentModules(),
    cataloguePart(),
    // A message without a translation in any catalogue fails the build.
    lingui({ failOnMissing: true, failOnCompileError: true }),
    // Brotli and gzip copies next to each file, which the server hands to browsers that accept them.
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: {
    // The browser build gets a slim stand-in for `graphql`, which graphql-request imports (see
    // src/api/graphql-lite.ts); dev, tests and the server use the real package.
    alias:
      command === 'build'
        ? [{ find: /^graphql$/, replacement: fileURLToPath(new URL('./src/api/graphql-lite.ts', import.meta.url)) }]
        : process.env.VITEST
          ? // Tests load the server's code: one `graphql` instance (the one graphql-yoga uses), or its
            // errors and scalars are not recognised as its own.
            [{ find: /^graphql$/, replacement: 'graphql/index.js' }]
          : [],
  },
  build: {
    manifest: true,
    rolldownOptions: {
      // The app is an entry of its own (the boot script imports it), so the chunking below knows its static
      // imports as those of an entry.
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), main: appEntry },
      output: {
        codeSplitting: {
          // Everything the app (src/main.tsx) imports statically goes in one chunk: one request, and gzip
          // sees it whole (twenty small shared chunks compress worse and each costs a request). What the boot
          // script imports goes in a small chunk of its own first, or the boot script would wait for the app.
          groups: [
            { name: (id, context) => (id !== bootScript && importedBy(bootScript, id, context) ? 'boot' : null), priority: 9 },
            { name: libraryChunk, tags: ['$initial' as const], priority: 8 },
            { name: (id, context) => (importedBy(appEntry, id, context) ? 'app' : null), tags: ['$initial' as const], priority: 7 },
            ...pageGroups(),
          ],
        },
      },
    },
    // SOURCEMAP=1 (bench:bundle --build): maps beside the files for the bench's breakdown by package, hidden
    // (no sourceMappingURL comment), so the code is byte for byte what a build without them gives.
    sourcemap: process.env.SOURCEMAP === '1' ? 'hidden' : false,
    target: ['chrome84', 'edge84', 'safari14', 'firefox90', 'opera70'],
  },
  test: {
    include: ['tests/{unit,machines,models,views,server}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/support/setup.ts'],
    // Two cores: keep the run lean.
    maxWorkers: 2,
    // A ceiling, not a wait: long model paths walked through real views take a while on two busy cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': apiTarget,
      '/dev': apiTarget,
      '/media': apiTarget,
      '/avatars': apiTarget,
      '/cms': apiTarget,
    },
  },
}));
