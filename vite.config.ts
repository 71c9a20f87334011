/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import { compression } from 'vite-plugin-compression2';

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

const bootScript = fileURLToPath(new URL('./src/boot.ts', import.meta.url));
const appEntry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/**
 * The boot script imports the app dynamically (it has to run first); this puts the app's code and its static
 * imports into index.html as preloads, and its CSS as a stylesheet, so the browser fetches them in parallel
 * with the boot script instead of after it. It also writes a map of every route's own code (the split
 * component and loader chunks, with what they import beyond the app's code) as JSON, from which the boot
 * script preloads the code of the page being opened (src/app/route-code.ts).
 */
function preloadApp(): Plugin {
  const routesDir = fileURLToPath(new URL('./src/routes/', import.meta.url));
  return {
    name: 'preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
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
        const appFiles = new Set<string>();
        const appCss = new Set<string>();
        closure(app.fileName, appFiles, appCss);

        // Route file (relative to src/routes, no extension) → its split chunks and their imports.
        const files: string[] = [];
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
        for (const file of appFiles) if (html.includes(`/${file}"`)) appFiles.delete(file);
        return [
          ...[...appFiles].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          // Applied from the start (render-blocking, fetched in parallel with the boot script): its parse and
          // style pass then happen while the page is small, not in a long task once the app starts.
          ...[...appCss].map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          // JSON, not a script: the CSP allows no inline script, and none runs here.
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'route-code' },
            children: JSON.stringify({ files, routes }).replaceAll('<', '\\u003c'),
            injectTo: 'body' as const,
          },
        ];
      },
    },
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
    graphqlDocumentModules(),
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
            { name: (id, context) => (id !== bootScript && importedBy(bootScript, id, context) ? 'boot' : null), priority: 2 },
            { name: (id, context) => (importedBy(appEntry, id, context) ? 'app' : null), tags: ['$initial' as const], priority: 1 },
          ],
        },
      },
    },
    sourcemap: process.env.SOURCEMAP === '1',
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
