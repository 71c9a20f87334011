// Single sign-on plumbing for oauth2 tenants: the authorisation URL with a random state kept for this tab,
// and the hidden-frame session check (prompt=none) whose answer /sso-check.html posts back.
import { readSession, writeSession } from '../lib/storage';
import type { TenantConfig } from '../lib/tenant';
import type { SsoCheckResult } from '../../machines/auth/sso-session.types';

const stateKey = 'oauth-state';
const silentCheckPage = '/sso-check.html';
const frameTimeoutMs = 10_000;

export function redirectUri(tenant: TenantConfig): string {
  return new URL(tenant.whiteLabel.oauth2_public_setting?.redirect_url ?? '/oauthlogin', window.location.origin).toString();
}

function authorizationUrl(tenant: TenantConfig, redirect: string, state: string, silent: boolean): string {
  const setting = tenant.whiteLabel.oauth2_public_setting;
  const url = new URL(setting?.url ?? '/', window.location.origin);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', setting?.client_id ?? '');
  url.searchParams.set('redirect_uri', redirect);
  url.searchParams.set('state', state);
  if (silent) url.searchParams.set('prompt', 'none');
  return url.toString();
}

function randomState(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Sends the visitor to the authorisation page with a fresh random state remembered for this tab. */
export function goToAuthorization(tenant: TenantConfig): void {
  const state = randomState();
  writeSession(stateKey, state);
  window.location.assign(authorizationUrl(tenant, redirectUri(tenant), state, false));
}

/** True when the state that came back is the one this tab sent (and forgets it: it is single use). */
export function takeReturnedState(returned: string | null): boolean {
  const expected = readSession(stateKey);
  writeSession(stateKey, null);
  return expected !== null && returned === expected;
}

/** Asks the authorisation server, in a hidden frame, whether its session still lives. */
export function checkSsoSession(tenant: TenantConfig): Promise<SsoCheckResult> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    const state = randomState();
    const finish = () => {
      window.removeEventListener('message', onMessage);
      window.clearTimeout(timer);
      frame.remove();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.contentWindow) return;
      const data = event.data as { type?: string; search?: string };
      if (data?.type !== 'portal-sso-check') return;
      const answer = new URLSearchParams(data.search ?? '');
      finish();
      if (answer.get('state') !== state) return reject(new Error('The session check answered another state'));
      resolve(answer.get('error') === 'login_required' ? 'login_required' : 'active');
    };
    const timer = window.setTimeout(() => {
      finish();
      reject(new Error('The session check did not answer'));
    }, frameTimeoutMs);
    window.addEventListener('message', onMessage);
    frame.hidden = true;
    frame.title = 'Session check';
    frame.setAttribute('aria-hidden', 'true');
    frame.src = authorizationUrl(tenant, new URL(silentCheckPage, window.location.origin).toString(), state, true);
    document.body.appendChild(frame);
  });
}
