// CMS pages (spec §3 "CMS module", calls §7): the portal GETs a module's content from its url with an
// authorization header built from the module's auth_method and token. The one rule, used by the portal to
// build the header and by the reference server to check it.

/** auth_method values and the Authorization scheme each names; `none` sends no header. */
export const cmsAuthSchemes = { bearer: 'Bearer', basic: 'Basic', token: 'Token' } as const;

export type CmsAuthMethod = keyof typeof cmsAuthSchemes | 'none';

/**
 * The Authorization header value for a module: `<Scheme> <token>` (`Bearer abc`; for basic the token is the
 * base64 of user:password, as stored), null for `none` or no method. An unknown method, or a method without
 * a token, is a misconfigured module: undefined, so the caller can say so instead of sending a wrong header.
 */
export function cmsAuthorization(authMethod: string | null | undefined, token: string | null | undefined): string | null | undefined {
  const method = (authMethod ?? 'none').trim().toLowerCase();
  if (method === '' || method === 'none') return null;
  const scheme = cmsAuthSchemes[method as keyof typeof cmsAuthSchemes];
  if (!scheme || !token) return undefined;
  return `${scheme} ${token}`;
}

/** The languages CMS content is written in; others fall back to en. */
export const cmsLanguages = ['en', 'uk', 'ru', 'es'] as const;
export type CmsLanguage = (typeof cmsLanguages)[number];
export const toCmsLanguage = (lang: string | null | undefined): CmsLanguage =>
  cmsLanguages.includes(lang as CmsLanguage) ? (lang as CmsLanguage) : 'en';
