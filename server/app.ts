// The reference server's HTTP surface: /graphql, /dev/* (not in production), tenant media, and the built
// app with history-mode fallback (every unknown path answers index.html).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import type { Db } from './db/client';
import type { ServerConfig } from './config';
import { createGraphQL } from './graphql';
import { handleDevRoute } from './dev-routes';
import { handleDevOAuth } from './dev-oauth';
import { readAvatarImage } from './modules/account/service';
import { handleGatewayRoute } from './gateways/routes';

const mediaDir = fileURLToPath(new URL('./media', import.meta.url));

const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine writes its CSS variables into a <style> element.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

function setSecurityHeaders(response: ServerResponse, page: boolean) {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (page) response.setHeader('Content-Security-Policy', contentSecurityPolicy);
}

export function createPortalServer(db: Db, config: ServerConfig) {
  const yoga = createGraphQL(db, config);
  const media = sirv(mediaDir, { dev: !config.production, etag: true, maxAge: 3600 });
  const app =
    config.staticDir && existsSync(config.staticDir)
      ? sirv(config.staticDir, {
          single: true,
          etag: true,
          dev: false,
          // The build writes .br and .gz copies; sirv serves them by Accept-Encoding.
          brotli: true,
          gzip: true,
          setHeaders(response, pathname) {
            // Hashed bundles never change; index.html must always be fresh so a deploy is seen.
            response.setHeader(
              'Cache-Control',
              pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
            );
          },
        })
      : undefined;

  const notFound = (response: ServerResponse) => {
    response.statusCode = 404;
    response.setHeader('content-type', 'text/plain; charset=utf-8');
    response.end('Not found. Build the app (npm run build) or use npm run dev.');
  };

  return createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0]!;
    try {
      if (path === '/graphql') {
        setSecurityHeaders(response, false);
        return void yoga(request, response);
      }
      if (path.startsWith('/dev/')) {
        setSecurityHeaders(response, false);
        if (!config.production && (await handleDevRoute(db, request, response))) return;
        if (!config.production && (await handleDevOAuth(db, request, response))) return;
        return notFound(response);
      }
      if (path.startsWith('/gateways/')) {
        setSecurityHeaders(response, true);
        if (await handleGatewayRoute(db, config, request, response)) return;
        return notFound(response);
      }
      if (path.startsWith('/avatars/')) {
        setSecurityHeaders(response, false);
        const avatar = await readAvatarImage(db, path.slice('/avatars/'.length));
        if (!avatar) return notFound(response);
        response.writeHead(200, { 'content-type': avatar.contentType, 'cache-control': 'public, max-age=31536000, immutable' });
        return void response.end(avatar.bytes);
      }
      if (path.startsWith('/media/')) {
        setSecurityHeaders(response, false);
        request.url = request.url!.slice('/media'.length);
        return media(request, response, () => notFound(response));
      }
      setSecurityHeaders(response, true);
      if (app) return app(request, response, () => notFound(response));
      notFound(response);
    } catch (error) {
      console.error('Request failed:', (error as Error).message);
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    }
  });
}
