// Browser minimums (spec §5, calls §8): Safari 14.1, Chrome 84, Edge 84, Opera 70; Internet Explorer never.
const minimums: Record<string, [number, number]> = {
  safari: [14, 1],
  'mobile safari': [14, 1],
  chrome: [84, 0],
  'chrome webview': [84, 0],
  'chrome headless': [84, 0],
  edge: [84, 0],
  opera: [70, 0],
};

export function isOutdatedBrowser(name: string | undefined, version: string | undefined): boolean {
  if (!name) return false;
  const key = name.toLowerCase();
  if (key === 'ie' || key === 'iemobile' || key.includes('internet explorer')) return true;
  const minimum = minimums[key];
  if (!minimum || !version) return false;
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  return major < minimum[0] || (major === minimum[0] && minor < minimum[1]);
}

export interface BrowserName {
  /** ua-parser-js's names for the browsers the minimums name ("Chrome", "Mobile Safari", ...), else "other". */
  name?: string;
  version?: string;
}

/** Browsers that carry a Chrome or Safari token but are not those; they have no minimum of their own. */
const otherBrands =
  /\b(?:SamsungBrowser|YaBrowser|UCBrowser|Vivaldi|Firefox|FxiOS|Silk|MiuiBrowser|HuaweiBrowser|Brave|DuckDuckGo|Focus|Whale|QQBrowser|Puffin|Electron|FBAN|FBAV|Instagram|Line|GSA)\//;

/**
 * The browser a User-Agent names, enough for the minimums: Internet Explorer, Edge (also the old EdgeHTML
 * one), Opera (also Presto), Chrome (also on iOS, WebView and headless) and Safari (desktop and mobile).
 * A few lines instead of a full User-Agent parser: this check runs on every first load.
 */
export function browserFromUserAgent(userAgent: string): BrowserName {
  const match = (pattern: RegExp) => pattern.exec(userAgent)?.[1];
  let version: string | undefined;
  if ((version = match(/\bMSIE ([\d.]+)/) ?? match(/\bTrident\/.*\brv:([\d.]+)/))) return { name: 'IE', version };
  if ((version = match(/\bEdg(?:e|A|iOS)?\/([\d.]+)/))) return { name: 'Edge', version };
  if ((version = match(/\bOPR\/([\d.]+)/) ?? match(/\bOPT\/([\d.]+)/))) return { name: 'Opera', version };
  if (/\bOpera\b/.test(userAgent)) return { name: 'Opera', version: match(/\bVersion\/([\d.]+)/) ?? match(/\bOpera[/ ]([\d.]+)/) };
  if (otherBrands.test(userAgent)) return { name: 'other' };
  if ((version = match(/\bHeadlessChrome\/([\d.]+)/))) return { name: 'Chrome Headless', version };
  if ((version = match(/\bCriOS\/([\d.]+)/))) return { name: 'Chrome', version };
  if ((version = match(/\bChrome\/([\d.]+)/))) return { name: /; wv\)/.test(userAgent) ? 'Chrome WebView' : 'Chrome', version };
  if ((version = match(/\bVersion\/([\d.]+).*\bSafari\//))) return { name: /\bMobile\//.test(userAgent) ? 'Mobile Safari' : 'Safari', version };
  return {};
}
