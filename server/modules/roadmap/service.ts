// The roadmap (issue 30; server/schema.graphql "deals, licenses, roadmap"): the tenant's items by stage (planned,
// in progress, done) then date, in the request's language where the tenant wrote one (en otherwise, as the CMS
// serves its entries), with their vote counts and the viewer's vote. A vote is a row keyed (item, member): insert or
// nothing, delete or nothing, so parallel votes of one member make one vote.
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { UserRow } from '../../context';
import { appError } from '../../errors';
import { cmsLanguages, toCmsLanguage, type CmsLanguage } from '../../../domain/cms';
import { hasModule, type TenantRow } from '../shell/service';
import { roadmapItems, roadmapItemTexts, roadmapVotes } from './tables';

export async function requireRoadmap(db: Db, tenant: TenantRow): Promise<void> {
  if (!(await hasModule(db, tenant.id, 'roadmap'))) throw appError('not_found', 'This portal has no roadmap.');
}

export const roadmapItemNotFound = () => appError('not_found', 'No such roadmap item.');

/**
 * The language the roadmap answers in: the first language of the request's Accept-Language when the tenant may write
 * in it (the portal sends the language it shows, which the header's switch changes without saving it), else the
 * member's saved language; languages without a text fall back to en.
 */
export function requestLanguage(request: Request, user: UserRow): CmsLanguage {
  const first = (request.headers.get('accept-language') ?? '').split(',')[0]?.trim().split(/[-_;]/)[0]?.toLowerCase();
  return (cmsLanguages as readonly string[]).includes(first ?? "") ? (first as CmsLanguage) : toCmsLanguage(user.language);
}

const stageOrder = sql`case ${roadmapItems.stage} when 'planned' then 0 when 'in_progress' then 1 else 2 end`;

/** The tenant's items (or one) as the contract sends them. */
export async function roadmapOf(db: Db, tenant: TenantRow, viewer: UserRow, lang: CmsLanguage, itemId?: number) {
  const local = alias(roadmapItemTexts, 'local_text');
  const english = alias(roadmapItemTexts, 'english_text');
  const rows = await db
    .select({
      item: roadmapItems,
      localTitle: local.title,
      localDescription: local.description,
      title: english.title,
      description: english.description,
      votes: sql<number>`(select count(*)::int from ${roadmapVotes} v where v.item_id = ${roadmapItems.id})`,
      vote: sql<boolean>`exists (select 1 from ${roadmapVotes} v where v.item_id = ${roadmapItems.id} and v.user_id = ${viewer.id})`,
    })
    .from(roadmapItems)
    .leftJoin(local, and(eq(local.itemId, roadmapItems.id), eq(local.lang, lang)))
    .leftJoin(english, and(eq(english.itemId, roadmapItems.id), eq(english.lang, 'en')))
    .where(and(eq(roadmapItems.tenantId, tenant.id), itemId === undefined ? undefined : eq(roadmapItems.id, itemId)))
    .orderBy(stageOrder, asc(roadmapItems.date), asc(roadmapItems.sort), asc(roadmapItems.id));
  return rows.map((row) => ({
    id: String(row.item.id),
    title: row.localTitle ?? row.title ?? '',
    description: row.localTitle !== null ? (row.localDescription ?? '') : (row.description ?? ''),
    stage: row.item.stage,
    quarter: row.item.quarter,
    date: row.item.date.toISOString(),
    votes: Number(row.votes),
    vote: Boolean(row.vote),
  }));
}

/** Votes for an item or takes the vote back; answers the item with its count. */
export async function voteFor(db: Db, tenant: TenantRow, viewer: UserRow, lang: CmsLanguage, itemId: number, vote: boolean) {
  const [item] = await db
    .select({ id: roadmapItems.id })
    .from(roadmapItems)
    .where(and(eq(roadmapItems.id, itemId), eq(roadmapItems.tenantId, tenant.id)));
  if (!item) throw roadmapItemNotFound();
  if (vote) await db.insert(roadmapVotes).values({ itemId, userId: viewer.id }).onConflictDoNothing();
  else await db.delete(roadmapVotes).where(and(eq(roadmapVotes.itemId, itemId), eq(roadmapVotes.userId, viewer.id)));
  const [answer] = await roadmapOf(db, tenant, viewer, lang, itemId);
  return answer!;
}
