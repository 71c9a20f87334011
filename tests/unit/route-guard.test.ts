import { describe, expect, it } from 'vitest';
import { decideAccess } from '../../src/app/router/route-guard';

const visitor = { hasToken: false, tokenExpired: false };
const member = { hasToken: true, tokenExpired: false };
const expired = { hasToken: true, tokenExpired: true };

describe('route guard (spec §2), rule by rule', () => {
  it('autologin always passes', () => {
    for (const state of [visitor, member, expired]) expect(decideAccess('autologin', state)).toEqual({ pass: true });
  });

  it('routes marked without-auth pass', () => {
    for (const state of [visitor, member, expired]) expect(decideAccess('public', state)).toEqual({ pass: true });
  });

  it('auth-layout routes send a logged-in member to /dashboard', () => {
    expect(decideAccess('auth', member)).toEqual({ pass: false, to: '/dashboard' });
    expect(decideAccess('auth', visitor)).toEqual({ pass: true });
  });

  it('... except logout', () => {
    expect(decideAccess('logout', member)).toEqual({ pass: true });
    expect(decideAccess('logout', visitor)).toEqual({ pass: true });
  });

  it('every other route sends a visitor with no stored token to /login', () => {
    expect(decideAccess('private', visitor)).toEqual({ pass: false, to: '/login' });
    expect(decideAccess('private', member)).toEqual({ pass: true });
  });

  it('a token past its expiry ends the session like an authentication error', () => {
    expect(decideAccess('private', expired)).toEqual({ pass: false, to: '/logout', search: { s: 'expired' } });
    expect(decideAccess('auth', expired)).toEqual({ pass: true });
  });
});
