// The tenant's brand assets the reference server hosts itself, since a portal may reach nothing outside:
// web fonts from pinned @fontsource packages (/fonts/<family>.css and its woff2 files), and in development a
// stand-in for Google Tag Manager's gtm.js (/tag-manager/gtm.js) that the portal's real loader fetches.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { firstFontFamily, webFontWeights } from '../domain/font-family';

const require = createRequire(import.meta.url);

/** Hosted web fonts by family (lower case), each from its @fontsource package. */
const hostedFonts: Record<string, { family: string; packageName: string; fallback: FallbackMetrics }> = {
  lora: {
    family: 'Lora',
    packageName: '@fontsource/lora',
    // Times New Roman (Liberation Serif, its metric twin, on Linux) sized to Lora's widths and line box, as
    // measured in Chromium (Lora 400 sets English text 12 % wider; its ascent is 1.01 em, descent 0.27 em, which
    // the overrides give after the size adjustment): text in the fallback takes the room Lora will take.
    fallback: { locals: ['Times New Roman', 'Liberation Serif'], sizeAdjust: '112%', ascent: '90%', descent: '24%' },
  },
};

interface FallbackMetrics {
  locals: string[];
  sizeAdjust: string;
  ascent: string;
  descent: string;
}

/** The subsets of the portal's languages (en, es, uk, ru). */
const subsets = {
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  cyrillic: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116',
} as const;

export const fontsPrefix = '/fonts/';

/** Where the @font-face stylesheet of a tenant's font_family is, when the server hosts that font (else null). */
export function fontStylesheet(fontFamily: string | null): string | null {
  if (!fontFamily) return null;
  const key = firstFontFamily(fontFamily).toLowerCase();
  return key in hostedFonts ? `${fontsPrefix}${key}.css` : null;
}

function packageDir(packageName: string) {
  return dirname(require.resolve(`${packageName}/package.json`));
}

const packageVersion = (packageName: string) =>
  (JSON.parse(readFileSync(join(packageDir(packageName), 'package.json'), 'utf8')) as { version: string }).version;

/** The stylesheet: one face per weight and subset (the browser fetches only the subsets a page's text uses). */
export function fontFaceCss(key: string): string | null {
  const font = hostedFonts[key];
  if (!font) return null;
  // The package's version in the files' path: a pinned version's files never change, so they are cached for good.
  const base = `${fontsPrefix}${key}/${packageVersion(font.packageName)}/`;
  const faces = webFontWeights.flatMap((weight) =>
    Object.entries(subsets).map(
      ([subset, range]) => `@font-face {
  font-family: '${font.family}';
  font-style: normal;
  font-display: swap;
  font-weight: ${weight};
  src: url(${base}${key}-${subset}-${weight}-normal.woff2) format('woff2');
  unicode-range: ${range};
}`,
    ),
  );
  const { locals, sizeAdjust, ascent, descent } = font.fallback;
  faces.push(`@font-face {
  font-family: '${font.family} Fallback';
  src: ${locals.map((name) => `local('${name}')`).join(', ')};
  size-adjust: ${sizeAdjust};
  ascent-override: ${ascent};
  descent-override: ${descent};
  line-gap-override: 0%;
}`);
  return `${faces.join('\n')}\n`;
}

const fontFilePattern = /^\/fonts\/([a-z0-9-]+)\/([0-9.]+)\/([a-z0-9-]+\.woff2)$/;
const stylesheetPattern = /^\/fonts\/([a-z0-9-]+)\.css$/;

/** Answers /fonts/*: the stylesheet (a day's cache) and the woff2 files (a year, immutable). */
export function handleFontRoute(path: string, response: ServerResponse): boolean {
  const sheet = stylesheetPattern.exec(path);
  if (sheet) {
    const css = fontFaceCss(sheet[1]!);
    if (!css) return false;
    response.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=86400' });
    response.end(css);
    return true;
  }
  const file = fontFilePattern.exec(path);
  const font = file && hostedFonts[file[1]!];
  if (!file || !font || file[2] !== packageVersion(font.packageName) || !file[3]!.startsWith(`${file[1]}-`)) return false;
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(packageDir(font.packageName), 'files', file[3]!));
  } catch {
    return false;
  }
  response.writeHead(200, {
    'content-type': 'font/woff2',
    'cache-control': 'public, max-age=31536000, immutable',
    // Fonts are fetched in CORS mode; the portal's own pages are the only ones that ask.
    'cross-origin-resource-policy': 'same-origin',
  });
  response.end(bytes);
  return true;
}

export const tagManagerStandInPath = '/tag-manager/gtm.js';

/**
 * The stand-in for gtm.js: it does what the portal can observe of the real one (reads the container id and
 * marks the data layer's start as handled), nothing else.
 */
const tagManagerStandIn = `(function () {
  var id = new URL(document.currentScript.src).searchParams.get('id');
  window.dataLayer = window.dataLayer || [];
  window.dataLayer.push({ event: 'gtm.load', 'gtm.standIn': id });
  window.google_tag_manager = window.google_tag_manager || {};
  window.google_tag_manager[id] = { standIn: true };
})();
`;

export function handleTagManagerStandIn(path: string, response: ServerResponse): boolean {
  if (path !== tagManagerStandInPath) return false;
  response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=900' });
  response.end(tagManagerStandIn);
  return true;
}

/** gtm.js for a container, from the configured base (Google's, or the stand-in), as Google's snippet builds it. */
export function tagManagerScriptUrl(base: string, gtmTag: string | null): string | null {
  if (!gtmTag) return null;
  return `${base.replace(/\/$/, '')}/gtm.js?id=${encodeURIComponent(gtmTag)}`;
}

