// The tenant is found by "host source": the host with known suffixes stripped (spec §1, §7 whiteLabel).
// Suffixes come from VITE_HOST_SUFFIXES (comma separated) and default to ".localhost"; the rule itself is
// shared with the reference server (domain/host-source.ts).
import { hostSource as stripSuffix, parseHostSuffixes } from '../../domain/host-source';

export const hostSuffixes: readonly string[] = parseHostSuffixes((import.meta.env.VITE_HOST_SUFFIXES as string | undefined) ?? '.localhost');

export function hostSource(host: string, suffixes: readonly string[] = hostSuffixes): string {
  return stripSuffix(host, suffixes);
}
