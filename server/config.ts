// Server configuration from the environment (README "Configuration").
import { resolve } from 'node:path';

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
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8080),
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Portal <no-reply@localhost>',
    production: env.NODE_ENV === 'production',
    staticDir: env.STATIC_DIR === '' ? undefined : resolve(env.STATIC_DIR ?? 'dist'),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 24 * 3600),
  };
}
