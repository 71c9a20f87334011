// The route guard of spec §2, rule by rule. Layout routes call enforceAccess() in beforeLoad.
import { redirect } from '@tanstack/react-router';
import { session } from '../lib/session';

/**
 * - autologin: always passes.
 * - public: routes marked without-auth pass.
 * - auth: auth-layout routes send a logged-in member to /dashboard ...
 * - logout: ... except logout, which always passes.
 * - private: every other route sends a visitor with no stored token to /login.
 */
export type RouteAccess = 'autologin' | 'public' | 'auth' | 'logout' | 'private';

export type GuardDecision =
  | { pass: true }
  | { pass: false; to: '/login' | '/dashboard' | '/logout'; search?: { s: 'expired' } };

export function decideAccess(access: RouteAccess, state: { hasToken: boolean; tokenExpired: boolean }): GuardDecision {
  switch (access) {
    case 'autologin':
    case 'public':
    case 'logout':
      return { pass: true };
    case 'auth':
      return state.hasToken && !state.tokenExpired ? { pass: false, to: '/dashboard' } : { pass: true };
    case 'private':
      if (!state.hasToken) return { pass: false, to: '/login' };
      // A token past its expiry is a session that has ended: the same road as an authentication error.
      if (state.tokenExpired) return { pass: false, to: '/logout', search: { s: 'expired' } };
      return { pass: true };
  }
}

/**
 * beforeLoad of the layout routes: without tenant settings only the error screens can show (/408);
 * then the access rule of the route.
 */
export function enforceAccess(access: RouteAccess, context: { tenant: unknown }): void {
  if (!context.tenant) throw redirect({ to: '/408', replace: true });
  const decision = decideAccess(access, { hasToken: session.isLoggedIn(), tokenExpired: session.isExpired() });
  if (!decision.pass) throw redirect({ to: decision.to, search: decision.search ?? {}, replace: true } as never);
}
