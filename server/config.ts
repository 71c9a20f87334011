// Server configuration from the environment (README "Configuration").
import { resolve } from 'node:path';
import { parseHostSuffixes } from '../domain/host-source';

export interface ServerConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Sender of outgoing mail (MAIL_FROM). */
  mailFrom: string;
  production: boolean;
  /** Folder with the built app (vite build); absent in `npm run dev`, where Vite serves it. */
  staticDir: string | undefined;
  /** Lifetime of an access token in seconds (login answer's expires_in). */
  tokenTtlSeconds: number;
  /**
   * Where members open the portal (PUBLIC_URL): links in mail are built from it and the tenant's configured
   * address, never from a request's Host or Origin. A tenant answers at <subdomain>.<its host>, the tenant
   * whose subdomain is its host at the address itself; a tenant with a DNS domain of its own at https://domain.
   */
  publicUrl: string;
  /** Host suffixes stripped to find a request's tenant (HOST_SUFFIXES, plus PUBLIC_URL's host), longest first. */
  hostSuffixes: readonly string[];
  /** Origins allowed to call /graphql from another origin besides the tenants' own (CORS_ORIGINS, comma separated). */
  corsOrigins: readonly string[];
  /**
   * Where the portal loads Google Tag Manager's gtm.js from for a tenant's gtm_tag (TAG_MANAGER_URL): Google's
   * in production, else the server's own stand-in (server/brand-assets.ts), since nothing outside is reached.
   */
  tagManagerUrl: string;
  /**
   * Tidio's loader (TIDIO_LOADER_URL; in production https://code.tidio.co unless set): /chat/tidio/<id>.js
   * redirects there. Unset outside production: the server serves a stand-in (server/modules/shell/chat-loader.ts).
   */
  tidioLoaderUrl: string | undefined;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const publicUrl = new URL(env.PUBLIC_URL || `http://localhost:${port}`);
  const production = env.NODE_ENV === 'production';
  if (production && !env.PUBLIC_URL) console.warn('PUBLIC_URL is not set: links in mail point at http://localhost.');
  return {
    port,
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Portal <no-reply@localhost>',
    production,
    staticDir: env.STATIC_DIR === '' ? undefined : resolve(env.STATIC_DIR ?? 'dist'),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 24 * 3600),
    publicUrl: publicUrl.origin,
    hostSuffixes: parseHostSuffixes(`${env.HOST_SUFFIXES ?? '.localhost'},.${publicUrl.hostname}`),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
    tagManagerUrl: env.TAG_MANAGER_URL || (production ? 'https://www.googletagmanager.com' : '/tag-manager'),
    tidioLoaderUrl: env.TIDIO_LOADER_URL || (production ? 'https://code.tidio.co' : undefined),
  };
}
