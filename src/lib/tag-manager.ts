// Google Tag Manager for a tenant's gtm_tag: Google's documented container snippet (the dataLayer with its
// gtm.start event, then gtm.js loaded async). The address comes from the server (gtm_script_url): Google's in
// production, a local stand-in elsewhere. Loaded only after the page is interactive (src/app/app.tsx).
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const marker = 'data-tag-manager';

export function loadTagManager(scriptUrl: string): void {
  if (document.querySelector(`script[${marker}]`)) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = scriptUrl;
  script.setAttribute(marker, '');
  document.head.append(script);
}
