/// <reference types="vitest/config" />
// The build and test configuration. The build's own plugins and its chunk planning live in scripts/build/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import { compression } from 'vite-plugin-compression2';
import { cataloguePart } from './scripts/build/catalogue-parts';
import { chunkGroups, compileHint, pageGroupsReset } from './scripts/build/chunk-groups';
import { graphqlDocumentModules } from './scripts/build/graphql-documents';
import { mantineComponentStyles } from './scripts/build/mantine-styles';
import { appEntry } from './scripts/build/paths';
import { preloadApp } from './scripts/build/preload-app';
import { tenantDocuments } from './scripts/build/tenant-documents';
import { stripMachineMeta } from './scripts/build/strip-machine-meta';

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
        ...(command === 'build' ? [stripMachineMeta] : []),
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
        codeSplitting: { groups: chunkGroups() },
        postBanner: compileHint,
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
    globalSetup: ['tests/support/global-setup.ts'],
    // Two cores: keep the run lean.
    maxWorkers: 2,
    // A larger young generation for the workers: the model paths' planning and the view walks make millions of
    // short-lived snapshots and DOM objects, and with Node's default a third of the statecharts test's time
    // went to the garbage collector (CPU time measured with it: that test 50 s instead of 61, the two-factor
    // activation walk 50 s instead of 56).
    execArgv: ['--max-semi-space-size=64'],
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
      '/chat': apiTarget,
    },
  },
}));
