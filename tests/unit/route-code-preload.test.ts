// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { preloadCodeFromMap, type RouteCodeMap } from '../../src/app/boot/route-code';

describe("the boot script preloads the app's code and the page's from the build's map", () => {
  const map: RouteCodeMap = {
    files: ['main.js', 'lib-ui.js', 'lib-routing.js', 'auth.js', 'login.js', 'shared.css', 'member.js', 'dashboard.js'],
    app: [0, 1, 2],
    routes: { _auth: [3, 5], '_auth/login': [4], _member: [6], '_member/dashboard': [7] },
  };
  const preloaded = () => [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}`);

  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = `<script type="application/json" id="route-code">${JSON.stringify(map)}</script>`;
  });

  it("every app chunk at once, with the page's code and styles", () => {
    preloadCodeFromMap('/login', false);
    expect(preloaded()).toEqual([
      'modulepreload /assets/main.js',
      'modulepreload /assets/lib-ui.js',
      'modulepreload /assets/lib-routing.js',
      'modulepreload /assets/auth.js',
      'preload /assets/shared.css',
      'modulepreload /assets/login.js',
    ]);
  });

  it("only the app's code for a page the visitor will be sent away from", () => {
    preloadCodeFromMap('/dashboard', false);
    expect(preloaded()).toEqual([
      'modulepreload /assets/main.js',
      'modulepreload /assets/lib-ui.js',
      'modulepreload /assets/lib-routing.js',
    ]);
    document.head.innerHTML = '';
    preloadCodeFromMap('/dashboard', true);
    expect(preloaded().slice(3)).toEqual(['modulepreload /assets/member.js', 'modulepreload /assets/dashboard.js']);
  });

  it('nothing without the map (development)', () => {
    document.body.innerHTML = '';
    preloadCodeFromMap('/login', false);
    expect(preloaded()).toEqual([]);
  });
});
