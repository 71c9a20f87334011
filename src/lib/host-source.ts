// The tenant is found by "host source": the host with known suffixes stripped (spec §1, §7 whiteLabel).
// Suffixes come from VITE_HOST_SUFFIXES (comma separated) and default to ".localhost".
const configured = (import.meta.env.VITE_HOST_SUFFIXES as string | undefined) ?? '.localhost';

export const hostSuffixes: readonly string[] = configured
  .split(',')
  .map((suffix) => suffix.trim().toLowerCase())
  .filter(Boolean)
  .map((suffix) => (suffix.startsWith('.') ? suffix : `.${suffix}`))
  // Longest first, so ".portal.example.com" wins over ".example.com".
  .sort((a, b) => b.length - a.length);

export function hostSource(host: string, suffixes: readonly string[] = hostSuffixes): string {
  const bare = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const suffix = suffixes.find((candidate) => bare.endsWith(candidate) && bare.length > candidate.length);
  return suffix ? bare.slice(0, -suffix.length) : bare;
}
