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
