// Every browser storage key the portal uses (spec §3 "Local storage keys"), in one place.
export const storageKeys = {
  authToken: 'auth-token',
  authTokenExpires: 'auth-token-expires',
  language: 'language',
  theme: 'theme',
  viewTemplate: 'view_template',
  tariffsView: 'tariffs_view',
  productTypeDescription: 'product_type_description',
  anonymousId: 'anonymousId',
  scProducts: 'sc_products',
  hideOldBrowser: 'hideOldBrowser',
  /** Last provider settings that loaded, used when the next load fails. */
  tenantConfig: 'tenant-config',
} as const;

/** Session storage: what must survive a reload of this tab only. */
export const sessionKeys = {
  pathBefore408: 'path-before-408',
  /** A notice to show once the page has reloaded (the profile's "Saved"). */
  noticeAfterReload: 'notice-after-reload',
} as const;

// Storage can be unavailable (private mode, blocked cookies); the portal then simply remembers nothing.
export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable */
  }
}

export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    /* storage unavailable */
  }
}
