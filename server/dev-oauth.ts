// A minimal OAuth 2 authorisation server for development and tests (mounted under /dev/oauth only when
// NODE_ENV is not production), so the single sign-on round trip of an oauth2 tenant runs for real:
// authorise (with a login form, or silently with prompt=none), issue a one-time code, sign out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { oauthCodes, tenants, users } from './db/schema';
import { hashToken, newToken } from './security/tokens';
import { verifyPassword } from './security/password';

/** The silent session check lands on this static page, which reports back to the portal. */
export const silentCheckPath = '/sso-check.html';
const cookieName = 'dev_idp';
/** Dev sign-in sessions of the authorisation server: cookie value -> tenant and email. */
const idpSessions = new Map<string, { tenantId: number; email: string }>();

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function cookie(request: IncomingMessage): string | undefined {
  return request.headers.cookie
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === cookieName)?.[1];
}

function redirect(response: ServerResponse, location: string, headers: Record<string, string> = {}) {
  response.writeHead(302, { location, 'cache-control': 'no-store', ...headers });
  response.end();
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function clientTenant(db: Db, clientId: string | null) {
  if (!clientId) return undefined;
  const [tenant] = await db.select().from(tenants).where(eq(tenants.oauth2ClientId, clientId)).limit(1);
  return tenant;
}

/** The redirect URI must be the tenant's registered path (or the silent-check page). */
function allowedRedirect(uri: string | null, registeredPath: string | null): URL | null {
  if (!uri) return null;
  try {
    const url = new URL(uri);
    return url.pathname === (registeredPath ?? '/oauthlogin') || url.pathname === silentCheckPath ? url : null;
  } catch {
    return null;
  }
}

async function issueCode(db: Db, tenantId: number, email: string, redirectUri: URL, state: string, response: ServerResponse) {
  const code = newToken();
  await db.insert(oauthCodes).values({
    tenantId,
    email,
    codeHash: hashToken(code),
    redirectUri: redirectUri.toString(),
    expiresAt: new Date(Date.now() + 60_000),
  });
  const target = new URL(redirectUri);
  target.searchParams.set('code', code);
  target.searchParams.set('state', state);
  redirect(response, target.toString());
}

function loginPage(response: ServerResponse, params: URLSearchParams, tenantName: string, error?: string) {
  const hidden = ['client_id', 'redirect_uri', 'state']
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? '')}">`)
    .join('');
  response.writeHead(error ? 401 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev sign-in server</title></head>
<body style="font-family:system-ui;max-width:360px;margin:10vh auto">
<h1>Sign in to ${escapeHtml(tenantName)}</h1><p>Development single sign-on server.</p>
${error ? `<p role="alert" style="color:#b00020">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/dev/oauth/authorize">${hidden}
<p><label>Email<br><input name="email" type="email" autocomplete="username" required></label></p>
<p><label>Password<br><input name="password" type="password" autocomplete="current-password" required></label></p>
<p><button type="submit">Sign in</button></p></form></body></html>`);
}

/** Answers /dev/oauth/* requests; false when the path is not one of them. */
export async function handleDevOAuth(db: Db, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const route = `${request.method} ${url.pathname}`;
  if (route === 'GET /dev/oauth/authorize' || route === 'POST /dev/oauth/authorize') {
    const params = request.method === 'POST' ? await readForm(request) : url.searchParams;
    const tenant = await clientTenant(db, params.get('client_id'));
    const redirectUri = allowedRedirect(params.get('redirect_uri'), tenant?.oauth2RedirectUrl ?? null);
    if (!tenant || !redirectUri) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Unknown client_id or redirect_uri.');
      return true;
    }
    const state = params.get('state') ?? '';
    if (request.method === 'POST') {
      const email = params.get('email')?.trim().toLowerCase() ?? '';
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenant.id), eq(sql`lower(${users.email})`, email)))
        .limit(1);
      if (!user || !(await verifyPassword(params.get('password') ?? '', user.passwordHash))) {
        loginPage(response, params, tenant.name, 'Wrong email or password.');
        return true;
      }
      const sessionId = randomBytes(24).toString('base64url');
      idpSessions.set(sessionId, { tenantId: tenant.id, email: user.email });
      response.setHeader('set-cookie', `${cookieName}=${sessionId}; Path=/dev/oauth; HttpOnly; SameSite=Lax`);
      await issueCode(db, tenant.id, user.email, redirectUri, state, response);
      return true;
    }
    const session = idpSessions.get(cookie(request) ?? '');
    if (session && session.tenantId === tenant.id) {
      await issueCode(db, tenant.id, session.email, redirectUri, state, response);
    } else if (params.get('prompt') === 'none') {
      const target = new URL(redirectUri);
      target.searchParams.set('error', 'login_required');
      target.searchParams.set('state', state);
      redirect(response, target.toString());
    } else {
      loginPage(response, params, tenant.name);
    }
    return true;
  }
  if (route === 'GET /dev/oauth/logout') {
    idpSessions.delete(cookie(request) ?? '');
    response.writeHead(200, {
      'content-type': 'text/plain; charset=utf-8',
      'set-cookie': `${cookieName}=; Path=/dev/oauth; Max-Age=0`,
    });
    response.end('Signed out of the dev sign-in server.');
    return true;
  }
  return false;
}
