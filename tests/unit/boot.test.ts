import { describe, expect, it } from 'vitest';
import { bootColorScheme, bootLayout } from '../../src/app/boot/boot-shell';
import { matchScore, routeFilesFor, routePattern, type RouteCodeMap } from '../../src/app/boot/route-code';

describe('the static shell guesses the first page\'s layout and scheme', () => {
  it.each([
    ['/login', false, 'auth'],
    ['/login', true, 'auth'],
    ['/register/demo', false, 'auth'],
    ['/register', true, 'member'],
    ['/dashboard', false, 'auth'],
    ['/dashboard', true, 'member'],
    ['/', true, 'member'],
    ['/store', true, 'visitor'],
    ['/store/product/1', false, 'visitor'],
    ['/rankings', false, 'visitor'],
    ['/rankings', true, 'member'],
    ['/408', false, 'plain'],
  ] as const)('%s (signed in: %s) → %s', (path, loggedIn, layout) => {
    expect(bootLayout(path, loggedIn)).toBe(layout);
  });

  it('takes the scheme the app will: forced light, else the stored choice, else the tenant\'s default', () => {
    const design = (values: Record<string, unknown>) => ({ design: { dark_theme_allowed: true, default_theme: 'light', ...values } }) as never;
    expect(bootColorScheme(design({ dark_theme_allowed: false }), 'dark', true)).toBe('light');
    expect(bootColorScheme(design({}), 'dark', false)).toBe('dark');
    expect(bootColorScheme(design({}), 'auto', true)).toBe('dark');
    expect(bootColorScheme(design({}), 'auto', false)).toBe('light');
    expect(bootColorScheme(design({ default_theme: 'dark' }), null, false)).toBe('dark');
    expect(bootColorScheme(null, null, true)).toBe('light');
  });
});

describe('the boot script preloads the opened page\'s code from the build\'s route map', () => {
  const map: RouteCodeMap = {
    app: [],
    files: ['auth.js', 'login.js', 'guest.js', 'register.js', 'member.js', 'dashboard.js', 'lotteries.js', 'lottery.js', 'store.js', 'store-index.js', 'product.js', 'shared.css'],
    routes: {
      _auth: [0, 11],
      '_auth/login': [1],
      '_auth/_guest': [2],
      '_auth/_guest/register.{-$id}': [3],
      _member: [4],
      '_member/dashboard': [5],
      '_member/lotteries.index': [6],
      '_member/lotteries.$id': [7],
      _store: [8],
      '_store/store.index': [9],
      '_store/store.product.$id': [10],
    },
  };

  it('reads a route file as the router does', () => {
    expect(routePattern('_store/store.product.$id')).toEqual(['store', 'product', '$id']);
    expect(routePattern('_member/lotteries.index')).toEqual(['lotteries']);
    expect(matchScore(['register', '{-$id}'], ['register'])).toBe(1);
    expect(matchScore(['register', '{-$id}'], ['register', 'demo'])).toBe(1);
    expect(matchScore(['lotteries', '$id'], ['lotteries'])).toBeNull();
  });

  it('finds the page and its layouts, preferring literal segments', () => {
    expect(routeFilesFor(map, '/login', false)).toEqual(['_auth', '_auth/login']);
    expect(routeFilesFor(map, '/register/demo', false)).toEqual(['_auth', '_auth/_guest', '_auth/_guest/register.{-$id}']);
    expect(routeFilesFor(map, '/lotteries', true)).toEqual(['_member', '_member/lotteries.index']);
    expect(routeFilesFor(map, '/lotteries/7', true)).toEqual(['_member', '_member/lotteries.$id']);
    expect(routeFilesFor(map, '/store/product/3', false)).toEqual(['_store', '_store/store.product.$id']);
    expect(routeFilesFor(map, '/nowhere/at/all', false)).toEqual([]);
  });

  it('skips pages the route guard would send this visitor away from', () => {
    expect(routeFilesFor(map, '/dashboard', false)).toEqual([]);
    expect(routeFilesFor(map, '/register', true)).toEqual([]);
  });
});
