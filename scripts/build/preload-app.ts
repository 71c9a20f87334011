// The app's code loads after the shell has painted, and the route-code map for the boot script's preloading (a Vite
// plugin; vite.config.ts lists it).
import type { Plugin } from 'vite';
import { appEntry, routesDir } from './paths';

/**
 * The boot script imports the app dynamically (it has to run first), once the static shell has painted the
 * tenant's logo (src/boot.ts): the app's code is not preloaded from index.html, or on a phone's connection it
 * would share the bandwidth with that first paint (Lighthouse /login: LCP 2.0 -> 1.3 s, the app interactive
 * no later). Its CSS goes in as a stylesheet, fetched in parallel with the boot script. This also writes, as
 * JSON, the app's files and a map of every route's own code (the split component and loader chunks, with what
 * they import beyond the app's code), from which the boot script preloads the app's code and the code of the
 * page being opened (src/app/boot/route-code.ts).
 */
export function preloadApp(): Plugin {
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
        // A route's split chunk may sit inside a first-load page's group (scripts/build/chunk-groups.ts), whose
        // chunk is no route's facade: the chunk's modules say which routes it holds.
        for (const chunk of chunks.values()) {
          const own = new Set<string>();
          const css = new Set<string>();
          for (const id of [chunk.facadeModuleId ?? '', ...chunk.moduleIds]) {
            const match = /^(.*)\.tsx\?tsr-split=/.exec(id);
            if (!match || !id.startsWith(routesDir)) continue;
            const route = match[1]!.slice(routesDir.length);
            if (!own.size) closure(chunk.fileName, own, css, appFiles);
            for (const file of [...own, ...css].map((name) => name.replace(/^assets\//, ''))) {
              if (!files.includes(file)) files.push(file);
              if (!routes[route]?.includes(files.indexOf(file))) (routes[route] ??= []).push(files.indexOf(file));
            }
          }
        }
        // Nor, on the public store's first load, the cart's panel or the guest's registration dialog: they load
        // when the cart first opens or asks (src/app/pages/shop-frame.tsx); statically imported, they brought
        // the drawer, the quantity steppers and the registration flows back into /store's first load.
        const storeFiles = ['_store', '_store/store.index'].flatMap((route) => routes[route] ?? []).map((index) => `assets/${files[index]}`);
        const overlays = [...appFiles, ...storeFiles]
          .flatMap((file) => chunks.get(file)?.moduleIds ?? [])
          .filter((id) => /[\\/]src[\\/]features[\\/](shop[\\/]cart-panel\.tsx|auth[\\/]registration-modal\.tsx)$/.test(id));
        if (overlays.length) throw new Error(`preload-app: the cart's panel or the registration dialog in /store's first load (load them as src/app/pages/shop-frame.tsx does): ${overlays.join(', ')}`);
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
