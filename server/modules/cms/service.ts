// CMS (spec §3 "CMS module", calls §7): the tenant's modules (moduleCms), the module a host's tenant serves
// at a url, the check of the authorization header its auth_method names, and its entries in a language (en
// where one lacks it).
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { cmsAuthorization, type CmsLanguage } from '../../../domain/cms';
import { cmsModules } from '../shell/tables';
import { findTenantBySource, hasModule } from '../shell/service';
import { cmsEntries, cmsEntryTexts } from './tables';

export type CmsModuleRow = typeof cmsModules.$inferSelect;

/** The tenant's CMS modules (moduleCms); none while the cms module is off. */
export async function cmsModulesOf(db: Db, tenantId: number) {
  if (!(await hasModule(db, tenantId, 'cms'))) return [];
  const rows = await db.select().from(cmsModules).where(eq(cmsModules.tenantId, tenantId)).orderBy(cmsModules.id);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    name_translations: row.nameTranslations ?? null,
    url: row.url,
    icon: row.icon,
    template_name: row.templateName,
    request_method: row.requestMethod,
    auth_method: row.authMethod,
    token: row.token,
  }));
}

/** The module at `url` of the tenant that serves `source`; none while the tenant's cms module is off. */
export async function findCmsModule(db: Db, source: string, url: string): Promise<CmsModuleRow | undefined> {
  const tenant = await findTenantBySource(db, source);
  if (!tenant || !(await hasModule(db, tenant.id, 'cms'))) return undefined;
  const [row] = await db
    .select()
    .from(cmsModules)
    .where(and(eq(cmsModules.tenantId, tenant.id), eq(cmsModules.url, url)))
    .limit(1);
  return row;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a request's Authorization header is the one the module's auth_method and token build. A module
 * with auth_method none is open; a misconfigured one (unknown method, no token) lets nobody in.
 */
export function isAuthorized(module: Pick<CmsModuleRow, 'authMethod' | 'token'>, header: string | undefined): boolean {
  const expected = cmsAuthorization(module.authMethod, module.token);
  if (expected === null) return true;
  if (expected === undefined || !header) return false;
  // Compared as digests, in constant time, so the answer time says nothing about the token.
  return timingSafeEqual(digest(header.trim()), digest(expected));
}

const local = alias(cmsEntryTexts, 'local_text');
const english = alias(cmsEntryTexts, 'english_text');

function entriesQuery(db: Db, lang: CmsLanguage) {
  return db
    .select({
      id: cmsEntries.id,
      image: cmsEntries.image,
      link: cmsEntries.link,
      publishedAt: cmsEntries.publishedAt,
      local: { lang: local.lang, title: local.title, summary: local.summary, bodyHtml: local.bodyHtml },
      english: { lang: english.lang, title: english.title, summary: english.summary, bodyHtml: english.bodyHtml },
    })
    .from(cmsEntries)
    .leftJoin(local, and(eq(local.entryId, cmsEntries.id), eq(local.lang, lang)))
    .leftJoin(english, and(eq(english.entryId, cmsEntries.id), eq(english.lang, 'en')));
}

type EntryRow = Awaited<ReturnType<typeof entriesQuery>>[number];

function entryOf(row: EntryRow) {
  const text = row.local ?? row.english;
  if (!text) return null;
  return {
    id: String(row.id),
    lang: text.lang,
    title: text.title,
    summary: text.summary,
    image: row.image,
    link: row.link,
    published_at: row.publishedAt.toISOString(),
    body_html: text.bodyHtml,
  };
}

/** The list answer of GET {url}: the module and its entries (without their bodies), in order. */
export async function cmsList(db: Db, module: CmsModuleRow, lang: CmsLanguage) {
  const rows = await entriesQuery(db, lang)
    .where(eq(cmsEntries.moduleId, module.id))
    .orderBy(asc(cmsEntries.sortOrder), asc(cmsEntries.id));
  const items = rows.flatMap((row) => {
    const entry = entryOf(row);
    if (!entry) return [];
    const { body_html: _body, ...item } = entry;
    return [item];
  });
  return { module: { id: String(module.id), name: module.name, template_name: module.templateName }, lang, items };
}

/** The item answer of GET {url}/{itemId}, or null when the module has no such entry. */
export async function cmsItem(db: Db, module: CmsModuleRow, itemId: number, lang: CmsLanguage) {
  const [row] = await entriesQuery(db, lang)
    .where(and(eq(cmsEntries.moduleId, module.id), eq(cmsEntries.id, itemId)))
    .limit(1);
  const item = row ? entryOf(row) : null;
  return item ? { item } : null;
}
