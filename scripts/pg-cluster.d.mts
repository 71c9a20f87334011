// Types of pg-cluster.mjs for the TypeScript scripts that share it.
export type Cluster = { url: string; version: string; stop: () => void; skipped?: undefined } | { skipped: string };
export function startCluster(options?: { quiet?: boolean }): Promise<Cluster>;
export function serverVersion(url: string): Promise<string>;
