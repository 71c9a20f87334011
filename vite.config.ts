/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import { compression } from 'vite-plugin-compression2';

// In `npm run dev` Vite serves the app and forwards the API to the reference server (API_URL).
const apiTarget = process.env.API_URL ?? 'http://localhost:8081';

export default defineConfig(({ command }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
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
    // A message without a translation in any catalogue fails the build.
    lingui({ failOnMissing: true, failOnCompileError: true }),
    // Brotli and gzip copies next to each file, which the server hands to browsers that accept them.
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: {
    // The browser build gets a slim stand-in for `graphql` (see src/api/graphql-lite.ts); dev, tests and
    // the server use the real package.
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
    sourcemap: process.env.SOURCEMAP === '1',
    target: ['chrome84', 'edge84', 'safari14', 'firefox90', 'opera70'],
  },
  test: {
    include: ['tests/{unit,machines,models,views,server}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/support/setup.ts'],
    // Two cores: keep the run lean.
    maxWorkers: 2,
    testTimeout: 20_000,
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
