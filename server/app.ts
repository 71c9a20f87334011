// The reference server's HTTP surface: /graphql, /dev/* (not in production), CMS content (/cms/*), tenant
// media, and the built app with history-mode fallback (every unknown path answers index.html, with the
// tenant's settings answered in it: server/page.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import type { Db } from './db/client';
import type { ServerConfig } from './config';
import { createGraphQL } from './graphql';
import { handleDevRoute } from './dev-routes';
import { handleDevOAuth } from './dev-oauth';
import { readAvatarImage } from './modules/account/service';
import { createLogger } from './log';
import { handleGatewayRoute } from './gateways/routes';
import { handleCmsRoute } from './modules/cms/routes';
import { courseFileAllowed } from './modules/learning/media';
import { courseFilesPrefix } from './modules/learning/file-links';
import { hostSource } from '../domain/host-source';
import { asksForPage, createPageHandler } from './page';
import { fontsPrefix, handleFontRoute, handleTagManagerStandIn, tagManagerStandInPath } from './brand-assets';
import { chatLoaderPrefix, chatLoaderScriptSource, handleChatLoader } from './modules/shell/chat-loader';

const mediaDir = fileURLToPath(new URL('./media', import.meta.url));

/** The origin of an absolute URL, or nothing for a path on the portal's own origin. */
const originOf = (url: string) => (/^https?:\/\//.test(url) ? [new URL(url).origin] : []);

const contentSecurityPolicy = (config: ServerConfig) => [
  "default-src 'self'",
  // Lessons embed YouTube and Vimeo through the providers' own player APIs (only on a lesson that needs them);
  // a tenant with gtm_tag loads gtm.js from the configured tag manager (server/brand-assets.ts); the chat's
  // loader is Tidio's when the server sends the real one (server/modules/shell/chat-loader.ts).
  [
    'script-src',
    "'self'",
    'https://www.youtube.com',
    'https://player.vimeo.com',
    ...originOf(config.tagManagerUrl),
    chatLoaderScriptSource(config.tidioLoaderUrl),
  ]
    .filter(Boolean)
    .join(' '),
  // 'self': the single sign-on session check loads the authorisation page (the reference server's) in a hidden frame.
  "frame-src 'self' https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com",
  // Mantine writes its CSS variables into a <style> element.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  // Only the portal itself may frame its pages (the single sign-on check runs in a hidden frame of its own).
  "frame-ancestors 'self'",
].join('; ');

export function createPortalServer(db: Db, config: ServerConfig) {
  const yoga = createGraphQL(db, config);
  const log = createLogger(config.production ? 'warn' : 'info');
  // Served over https (PUBLIC_URL, or TLS on the socket): browsers keep to https for a year.
  const httpsPortal = new URL(config.publicUrl).protocol === 'https:';
  const pagePolicy = contentSecurityPolicy(config);

  function setSecurityHeaders(request: IncomingMessage, response: ServerResponse, page: boolean) {
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    response.setHeader('X-Frame-Options', 'SAMEORIGIN');
    if (httpsPortal || (request.socket as { encrypted?: boolean }).encrypted) {
      response.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (page) response.setHeader('Content-Security-Policy', pagePolicy);
  }

  const media = sirv(mediaDir, { dev: !config.production, etag: true, maxAge: 3600 });
  // Course files go only to the member a link was signed for: no shared cache may keep them.
  const courseMedia = sirv(mediaDir, {
    dev: !config.production,
    etag: true,
    setHeaders: (response) => response.setHeader('Cache-Control', 'private, max-age=3600'),
  });
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

  // The app's page with the tenant's settings answered in it (server/page.ts); files as sirv serves them.
  const servePage = app && config.staticDir ? createPageHandler(config.staticDir, (url, init) => yoga.fetch(url, init), config.hostSuffixes) : undefined;

  const notFound = (response: ServerResponse) => {
    response.statusCode = 404;
    response.setHeader('content-type', 'text/plain; charset=utf-8');
    response.end('Not found. Build the app (npm run build) or use npm run dev.');
  };

  const forbidden = (response: ServerResponse) => {
    response.statusCode = 403;
    response.setHeader('content-type', 'text/plain; charset=utf-8');
    response.setHeader('Cache-Control', 'no-store');
    response.end('This file is for members of its course.');
  };

  return createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0]!;
    try {
      if (path === '/graphql') {
        setSecurityHeaders(request, response, false);
        // Answers hold members' data and tokens: never cached; CORS answers depend on the Origin.
        response.setHeader('Cache-Control', 'no-store');
        response.setHeader('Vary', 'Origin');
        return void yoga(request, response);
      }
      if (path.startsWith('/dev/')) {
        setSecurityHeaders(request, response, false);
        if (!config.production && (await handleDevRoute(db, request, response))) return;
        if (!config.production && (await handleDevOAuth(db, request, response))) return;
        return notFound(response);
      }
      if (path.startsWith('/gateways/')) {
        setSecurityHeaders(request, response, true);
        if (await handleGatewayRoute(db, config, request, response)) return;
        return notFound(response);
      }
      if (path.startsWith(chatLoaderPrefix)) {
        setSecurityHeaders(request, response, false);
        if (handleChatLoader(path, config.tidioLoaderUrl, response)) return;
        return notFound(response);
      }
      if (path.startsWith('/cms/')) {
        setSecurityHeaders(request, response, false);
        if (await handleCmsRoute(db, config.hostSuffixes, request, response)) return;
        return notFound(response);
      }
      if (path.startsWith('/avatars/')) {
        setSecurityHeaders(request, response, false);
        const avatar = await readAvatarImage(db, path.slice('/avatars/'.length));
        if (!avatar) return notFound(response);
        response.writeHead(200, { 'content-type': avatar.contentType, 'cache-control': 'public, max-age=31536000, immutable' });
        return void response.end(avatar.bytes);
      }
      if (path.startsWith(fontsPrefix)) {
        setSecurityHeaders(request, response, false);
        return handleFontRoute(path, response) ? undefined : notFound(response);
      }
      if (!config.production && path === tagManagerStandInPath) {
        setSecurityHeaders(request, response, false);
        return void handleTagManagerStandIn(path, response);
      }
      if (path.startsWith('/media/')) {
        setSecurityHeaders(request, response, false);
        const url = new URL(request.url!, 'http://media');
        // The file the path names once decoded and resolved (sirv serves /media/x/../courses/a as courses/a).
        const file = mediaFile(path);
        if (file === null) return notFound(response);
        request.url = request.url!.slice('/media'.length);
        if (!file.startsWith(courseFilesPrefix)) return media(request, response, () => notFound(response));
        const source = hostSource(request.headers.host ?? '', config.hostSuffixes);
        if (!(await courseFileAllowed(db, file, url.searchParams, source))) return forbidden(response);
        return courseMedia(request, response, () => notFound(response));
      }
      setSecurityHeaders(request, response, true);
      if (servePage && asksForPage(request, path) && (await servePage(request, response))) return;
      if (app) return app(request, response, () => notFound(response));
      notFound(response);
    } catch (error) {
      log.error('Request failed:', error);
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    }
  });
}

/** A /media path decoded and resolved as a file path (null when it cannot be decoded). */
function mediaFile(path: string): string | null {
  try {
    return posix.normalize(decodeURIComponent(path));
  } catch {
    return null;
  }
}
