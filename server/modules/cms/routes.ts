// The CMS endpoints a tenant's CMS modules point at (spec §3 "CMS module", calls §7: "fetched by GET from the
// module's configured url; the authorization header is built from auth_method and token; the response shape
// is not shown"). The reference server announces url /cms/{key} for each module and serves it here, bound
// to the host's tenant (a module of another tenant, or of a tenant whose cms module is off, is not found).
//
// Request:  GET /cms/{key}[?lang=en|uk|ru|es]            the list
//           GET /cms/{key}/{itemId}[?lang=en|uk|ru|es]   one entry
//           Authorization: <Scheme> <token>  (auth_method bearer -> Bearer, basic -> Basic, token -> Token;
//           none -> no header). An unknown lang, or an entry without that language, falls back to en.
// Answers (application/json, Cache-Control: no-store):
//   200 list  { "module": { "id": "3", "name": "News", "template_name": "news" }, "lang": "uk",
//               "items": [ { "id": "12", "lang": "uk", "title": "…", "summary": "…", "image": "/media/…" | null,
//                            "link": "/tariffs" | null, "published_at": "2026-11-20T09:00:00.000Z" } ] }
//   200 item  { "item": { …the list fields…, "body_html": "<p>…</p>" } }   (HTML as written: sanitise it)
//   401       { "error": "unauthorized" }  with WWW-Authenticate: <Scheme>  (header missing or wrong)
//   404       { "error": "not_found" }     (no such module for this host, or no such entry)
//   405       { "error": "method_not_allowed" }  (anything but GET or HEAD)
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '../../db/client';
import { hostSource } from '../../../domain/host-source';
import { cmsAuthSchemes, toCmsLanguage } from '../../../domain/cms';
import { cmsItem, cmsList, findCmsModule, isAuthorized } from './service';

function answer(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', vary: 'Authorization', ...headers });
  response.end(JSON.stringify(body));
}

/** Answers a /cms/* request; false when the path is not a CMS url. */
export async function handleCmsRoute(db: Db, hostSuffixes: readonly string[], request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const match = /^\/cms\/([a-z0-9-]{1,64})(?:\/(\d{1,9}))?\/?$/.exec(url.pathname);
  if (!match) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    answer(response, 405, { error: 'method_not_allowed' }, { allow: 'GET, HEAD' });
    return true;
  }
  const module = await findCmsModule(db, hostSource(request.headers.host ?? '', hostSuffixes), `/cms/${match[1]}`);
  if (!module) {
    answer(response, 404, { error: 'not_found' });
    return true;
  }
  if (!isAuthorized(module, request.headers.authorization)) {
    const scheme = cmsAuthSchemes[(module.authMethod ?? '').toLowerCase() as keyof typeof cmsAuthSchemes] ?? 'Bearer';
    answer(response, 401, { error: 'unauthorized' }, { 'www-authenticate': scheme });
    return true;
  }
  const lang = toCmsLanguage(url.searchParams.get('lang'));
  const body = match[2] ? await cmsItem(db, module, Number(match[2]), lang) : await cmsList(db, module, lang);
  if (body) answer(response, 200, body);
  else answer(response, 404, { error: 'not_found' });
  return true;
}
