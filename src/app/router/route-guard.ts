// The route guard of spec §2, rule by rule. Layout routes call enforceAccess() in beforeLoad and hand their
// pages the tenant (never null below a layout); module routes add requireModule().
import { notFound, redirect } from '@tanstack/react-router';
import { session } from '../../lib/session';
import { tenantFeatures, type TenantConfig, type TenantFeatures } from '../../lib/tenant';

/**
 * - autologin: always passes.
 * - public: routes marked without-auth pass.
 * - auth: auth-layout routes send a logged-in member to /dashboard ...
 * - logout: ... except logout, which always passes.
 * - private: every other route sends a visitor with no stored token to /login.
 */
export type RouteAccess = 'autologin' | 'public' | 'auth' | 'logout' | 'private';

export type GuardDecision =
  { pass: true } | { pass: false; to: '/login' | '/dashboard' } | { pass: false; to: '/logout'; search: { s: 'expired' } };

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
 * beforeLoad of the layout routes: without tenant settings only the error screens can show (/408); then
 * the access rule of the route. Returns the tenant for the route context.
 */
export function enforceAccess(access: RouteAccess, context: { tenant: TenantConfig | null }): { tenant: TenantConfig } {
  if (!context.tenant) throw redirect({ to: '/408', replace: true });
  const decision = decideAccess(access, { hasToken: session.isLoggedIn(), tokenExpired: session.isExpired() });
  if (!decision.pass) {
    throw 'search' in decision
      ? redirect({ to: decision.to, search: decision.search, replace: true })
      : redirect({ to: decision.to, replace: true });
  }
  return { tenant: context.tenant };
}

/** beforeLoad of a module's routes: a module the tenant has switched off answers 404. */
export function requireModule(context: { tenant: TenantConfig }, feature: keyof TenantFeatures): void {
  if (!tenantFeatures(context.tenant)[feature]) throw notFound();
}
