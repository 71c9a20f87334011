// The Tidio chat loader (spec §3 `tidio_id`). The portal always asks its own server for
// /chat/tidio/<id>.js: in production that answers with a redirect to Tidio's real loader (TIDIO_LOADER_URL,
// by default https://code.tidio.co), which the page's CSP then allows as a script source and nothing else of
// Tidio's; in development and tests, where Tidio cannot be reached, it serves a stand-in that draws a small
// launcher and box the way Tidio does and offers the part of `window.tidioChatApi` the portal calls.
import type { ServerResponse } from 'node:http';

export const chatLoaderPrefix = '/chat/tidio/';

/** The script source the CSP adds for the loader: its origin, or none when the stand-in ('self') serves it. */
export function chatLoaderScriptSource(loaderUrl: string | undefined): string | null {
  return loaderUrl ? new URL(loaderUrl).origin : null;
}

const tidioId = /^[A-Za-z0-9_-]{1,64}$/;

// Plain ES5 for any browser the portal supports; `id` is checked against tidioId before it is written in.
const standIn = (id: string) => `(function () {
  if (window.tidioChatApi) return;
  var root = document.createElement('div');
  root.id = 'tidio-chat';
  root.setAttribute('role', 'complementary');
  root.setAttribute('aria-label', 'Tidio chat');
  root.setAttribute('data-tidio-id', ${JSON.stringify(id)});
  root.style.cssText = 'position:fixed;right:16px;bottom:76px;z-index:150;font:14px system-ui,sans-serif';
  var box = document.createElement('div');
  box.id = 'tidio-chat-iframe';
  box.hidden = true;
  box.style.cssText = 'width:280px;max-width:calc(100vw - 32px);height:200px;margin-bottom:8px;background:#fff;color:#1a1a1a;border-radius:12px;box-shadow:0 4px 16px rgba(0,0,0,.25);padding:12px;box-sizing:border-box';
  box.textContent = 'Chat (Tidio stand-in)';
  var launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.id = 'tidio-chat-launcher';
  launcher.setAttribute('aria-label', 'Open the chat');
  launcher.setAttribute('aria-expanded', 'false');
  launcher.style.cssText = 'display:block;margin-left:auto;width:56px;height:56px;border:0;border-radius:50%;background:#0566ff;color:#fff;font-size:24px;cursor:pointer';
  launcher.textContent = '\\u2709';
  launcher.onclick = function () { box.hidden ? api.open() : api.close(); };
  root.appendChild(box);
  root.appendChild(launcher);
  var api = {
    show: function () { root.style.display = ''; },
    hide: function () { root.style.display = 'none'; },
    open: function () { box.hidden = false; launcher.setAttribute('aria-expanded', 'true'); },
    close: function () { box.hidden = true; launcher.setAttribute('aria-expanded', 'false'); }
  };
  window.tidioChatApi = api;
  function ready() {
    document.body.appendChild(root);
    document.dispatchEvent(new Event('tidioChat-ready'));
  }
  if (document.body) ready(); else document.addEventListener('DOMContentLoaded', ready);
})();
`;

/** Answers /chat/tidio/<id>.js: the real loader's address (production) or the stand-in. */
export function handleChatLoader(path: string, loaderUrl: string | undefined, response: ServerResponse): boolean {
  const match = /^\/chat\/tidio\/([^/]+)\.js$/.exec(path);
  const id = match?.[1];
  if (!id || !tidioId.test(id)) return false;
  if (loaderUrl) {
    response.writeHead(302, { location: `${loaderUrl.replace(/\/$/, '')}/${id}.js`, 'cache-control': 'public, max-age=3600' });
    response.end();
    return true;
  }
  response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
  response.end(standIn(id));
  return true;
}
