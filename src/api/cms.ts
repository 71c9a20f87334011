// CMS pages (spec §3 "CMS module", calls §7): a module's content is fetched by GET from the module's url with
// the authorization header built from its auth_method and token (domain/cms.ts). The token goes in
// that header only: never in the url, a query key or an error. The answers' shape is documented where the
// reference server serves them (server/modules/cms/routes.ts) and checked here before anything shows it.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import type { AppError } from '../../domain/app-error';
import { cmsAuthorization } from '../../domain/cms';
import type { NamedPageData } from '../lib/route-meta';
import type { ModuleCmsQuery } from './generated/graphql';
import { queryKeys } from './query-keys';
import { cmsModuleName, moduleCmsQueryOptions } from './shell';

/** A CMS module as moduleCms lists it (the menu's entries and the pages' sources). */
export type CmsModule = ModuleCmsQuery['moduleCms'][number];

const entryFields = {
  id: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
  title: v.string(),
  summary: v.optional(v.nullable(v.string()), null),
  image: v.optional(v.nullable(v.string()), null),
  link: v.optional(v.nullable(v.string()), null),
  published_at: v.optional(v.nullable(v.string()), null),
};

const listSchema = v.object({ items: v.array(v.object(entryFields)) });
const itemSchema = v.object({ item: v.object({ ...entryFields, body_html: v.string() }) });

export type CmsEntry = v.InferOutput<typeof listSchema>['items'][number];
export type CmsItem = v.InferOutput<typeof itemSchema>['item'];

const cmsBase = () => (typeof window === 'undefined' ? 'http://localhost/' : window.location.href);

/** The module's url (absolute, or relative to the portal) with the language the member reads in. */
export function cmsUrl(module: Pick<CmsModule, 'url'>, lang: string, itemId?: string): URL | null {
  if (!module.url) return null;
  try {
    const url = new URL(module.url, cmsBase());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (itemId !== undefined) url.pathname = `${url.pathname.replace(/\/$/, '')}/${encodeURIComponent(itemId)}`;
    url.searchParams.set('lang', lang);
    return url;
  } catch {
    return null;
  }
}

/** A refused or misconfigured module: the content server did not take (or could not be sent) the credentials. */
const refused: AppError = { code: 'server', category: 'forbidden' };

/** GET one CMS url; null when the content server says not found. Only AppErrors leave (never the request). */
async function getCms<T>(module: CmsModule, url: URL | null, schema: v.GenericSchema<unknown, T>): Promise<T | null> {
  const authorization = cmsAuthorization(module.auth_method, module.token);
  if (!url || authorization === undefined) throw refused;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'GET',
      headers: { accept: 'application/json', ...(authorization ? { authorization } : {}) },
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw { code: 'network' } satisfies AppError;
  }
  if (response.status === 404) return null;
  if (response.status === 401 || response.status === 403) throw refused;
  if (!response.ok) throw { code: 'server', category: 'internal' } satisfies AppError;
  const parsed = v.safeParse(schema, await response.json().catch(() => undefined));
  if (!parsed.success) throw { code: 'unknown' } satisfies AppError;
  return parsed.output;
}

export const cmsListQueryOptions = (whitelabelUuid: string, module: CmsModule, lang: string) =>
  queryOptions({
    queryKey: queryKeys.cms.list(whitelabelUuid, module.id, lang),
    queryFn: async () => (await getCms(module, cmsUrl(module, lang), listSchema))?.items ?? null,
    staleTime: 60_000,
  });

export const cmsItemQueryOptions = (whitelabelUuid: string, module: CmsModule, itemId: string, lang: string) =>
  queryOptions({
    queryKey: queryKeys.cms.item(whitelabelUuid, module.id, itemId, lang),
    queryFn: async () => (await getCms(module, cmsUrl(module, lang, itemId), itemSchema))?.item ?? null,
    staleTime: 60_000,
  });

/** Whether a failed load is the content server refusing the module's credentials (retrying will not help). */
export const isCmsRefused = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as AppError).category === 'forbidden';

/**
 * A CMS route's loader: the tenant's modules, then the page's content; answers the page's name. Failures are
 * left to the page, which shows them in place (a module that is not there is its not-found state, not a route
 * error).
 */
export async function primeCmsPage(
  queryClient: QueryClient,
  whitelabelUuid: string,
  lang: string,
  moduleId: string,
  itemId?: string,
): Promise<NamedPageData> {
  const modules = await queryClient.ensureQueryData(moduleCmsQueryOptions(whitelabelUuid)).catch(() => null);
  const module = modules?.moduleCms.find((candidate) => candidate.id === moduleId);
  if (!module) return { pageName: null };
  if (itemId === undefined) await queryClient.prefetchQuery(cmsListQueryOptions(whitelabelUuid, module, lang));
  else await queryClient.prefetchQuery(cmsItemQueryOptions(whitelabelUuid, module, itemId, lang));
  // The page is named by its module (the operator's name for it), in the header and the document title.
  return { pageName: cmsModuleName(module, lang) };
}
