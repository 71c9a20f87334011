// The Tidio chat behind one small adapter: it loads the tenant's widget once and shows or hides it through
// Tidio's own API (`window.tidioChatApi`). The loader is asked of the portal's own server, which sends the
// browser on to Tidio's real loader (code.tidio.co) in production, or serves a stand-in in development
// and tests (server/modules/shell/chat-loader.ts).

/** Where the loader is asked for: `<base>/<tidio_id>.js`. */
export const tidioLoaderBase = '/chat/tidio';

interface TidioChatApi {
  show(): void;
  hide(): void;
}

declare global {
  interface Window {
    tidioChatApi?: TidioChatApi;
  }
}

let loadedId: string | null = null;
let wanted = false;

function apply(): void {
  const api = window.tidioChatApi;
  if (!api) return;
  if (wanted) api.show();
  else api.hide();
}

/** Adds the tenant's loader to the page (once; a second tenant id on one page is not a case the portal has). */
export function loadTidio(id: string): void {
  if (loadedId !== null) return;
  loadedId = id;
  document.addEventListener('tidioChat-ready', apply);
  const script = document.createElement('script');
  script.src = `${tidioLoaderBase}/${encodeURIComponent(id)}.js`;
  script.async = true;
  document.body.appendChild(script);
}

/** Shows or hides the widget: at once when it is ready, else as soon as it is. */
export function setTidioVisible(visible: boolean): void {
  wanted = visible;
  apply();
}
