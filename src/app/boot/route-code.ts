// Preloads the app's code and the code of the page being opened, from the boot script: the build writes the
// app's files and a map of every route file's split chunks (and what they import beyond the app's code) into
// index.html as JSON (scripts/build/preload-app.ts); this finds the route files the address matches, as the
// router would, and adds preload links for their files. Without the map (development) it does nothing.

export interface RouteCodeMap {
  files: string[];
  /** The app's chunk and the libraries' chunks: indexes into `files`. */
  app: number[];
  /** Route files (relative to src/routes, no extension) → indexes into `files`. */
  routes: Record<string, number[]>;
}

/** The URL path pattern of a route file: pathless layouts (`_x`) dropped, dots as slashes, `index` empty. */
export function routePattern(route: string): string[] {
  return route
    .split('/')
    .filter((part) => !part.startsWith('_'))
    .flatMap((part) => part.split('.'))
    .filter((segment) => segment !== 'index' && segment !== '');
}

/** How well a path's segments fit a pattern: null if not at all, else more for literal segments. */
export function matchScore(pattern: string[], segments: string[]): number | null {
  const [head, ...rest] = pattern;
  if (head === undefined) return segments.length === 0 ? 0 : null;
  if (/^\{-\$\w+\}$/.test(head)) {
    const skipped = matchScore(rest, segments);
    const taken = segments.length ? matchScore(rest, segments.slice(1)) : null;
    return taken ?? skipped;
  }
  if (!segments.length) return null;
  const next = matchScore(rest, segments.slice(1));
  if (next === null) return null;
  if (head.startsWith('$')) return next;
  return head === segments[0] ? next + 1 : null;
}

/**
 * The route files the page at `pathname` renders: the best-matching page route and the layouts it sits in.
 * Layouts the route guard would send this visitor away from yield nothing (member pages without a session,
 * guest pages with one), as the app's own preloading does (src/app/router/router.ts).
 */
export function routeFilesFor(map: RouteCodeMap, pathname: string, loggedIn: boolean): string[] {
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  let best: { route: string; score: number } | null = null;
  for (const route of Object.keys(map.routes)) {
    const isLayout = Object.keys(map.routes).some((other) => other.startsWith(`${route}/`));
    if (isLayout) continue;
    const score = matchScore(routePattern(route), segments);
    if (score !== null && (!best || score > best.score)) best = { route, score };
  }
  if (!best) return [];
  const parts = best.route.split('/');
  const chain = parts.map((_, index) => parts.slice(0, index + 1).join('/')).filter((route) => route in map.routes);
  if (chain.some((route) => route.startsWith('_member')) && !loggedIn) return [];
  if (chain.some((route) => route.startsWith('_auth/_guest')) && loggedIn) return [];
  return chain;
}

const readMap = (): RouteCodeMap | null => {
  const json = document.getElementById('route-code')?.textContent;
  return json ? (JSON.parse(json) as RouteCodeMap) : null;
};

function preload(map: RouteCodeMap, indexes: Iterable<number>): void {
  for (const index of indexes) {
    const file = map.files[index]!;
    const link = document.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = `/assets/${file}`;
    document.head.appendChild(link);
  }
}

/**
 * Adds preload links for the app's code (all its chunks at once, which the boot script then evaluates one
 * after the other) and the page's code (the boot script calls this once).
 */
export function preloadCodeFromMap(pathname: string, loggedIn: boolean): void {
  const map = readMap();
  if (!map) return;
  preload(map, new Set([...map.app, ...routeFilesFor(map, pathname, loggedIn).flatMap((route) => map.routes[route] ?? [])]));
}
