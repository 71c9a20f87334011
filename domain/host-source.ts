// The tenant is found by "host source": the host with known suffixes stripped (spec §1, §7 whiteLabel). The
// portal and the reference server use the same rule; each passes its own suffixes.

/** Suffixes from a comma-separated setting, each with a leading dot, longest first (".portal.example.com" before ".example.com"). */
export function parseHostSuffixes(configured: string): string[] {
  const suffixes = configured
    .split(',')
    .map((suffix) => suffix.trim().toLowerCase())
    .filter(Boolean)
    .map((suffix) => (suffix.startsWith('.') ? suffix : `.${suffix}`));
  return [...new Set(suffixes)].sort((a, b) => b.length - a.length);
}

export function hostSource(host: string, suffixes: readonly string[]): string {
  const bare = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const suffix = suffixes.find((candidate) => bare.endsWith(candidate) && bare.length > candidate.length);
  return suffix ? bare.slice(0, -suffix.length) : bare;
}
