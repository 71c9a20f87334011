// Links to course files (lesson videos and downloads, served from /media/courses): short-lived and signed for
// the member's session, so only the member the course was answered to can open them (media.ts checks them).
// Signing with the session's token hash (which only the database holds) needs no secret of its own, works
// across server processes, and ends a link with its session (logout).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

export const courseFilesPrefix = '/media/courses/';

/**
 * A link lasts between one and two windows: links made in the same window are the same (a lesson fetched
 * again keeps its video's address, so a playing video is not reloaded), and none outlives two hours.
 */
const linkWindowSeconds = 3600;

/** Who links are signed for: the session of the request that asked for the lesson or course. */
export interface CourseFileSigner {
  sessionId: number;
  /** The session's token hash: the key of the links' signatures. */
  key: string;
  now: Date;
}

/** The signer for a member's session (null when the session is gone: no link is signed then). */
export async function courseFileSigner(db: Db, sessionId: number, now = new Date()): Promise<CourseFileSigner | null> {
  const [session] = await db.select({ key: sessions.tokenHash }).from(sessions).where(eq(sessions.id, sessionId));
  return session ? { sessionId, key: session.key, now } : null;
}

/** What a link signs: the course, the session, when it ends and the file's path. */
export interface CourseFileLinkFields {
  course: number;
  session: number;
  expires: number;
  path: string;
}

const signature = (key: string, fields: CourseFileLinkFields) =>
  createHmac('sha256', key).update(`${fields.course}\n${fields.session}\n${fields.expires}\n${fields.path}`).digest('base64url');

/** A course's file link as the member may open it; links elsewhere (YouTube, Vimeo, other sites) as they are. */
export function signCourseFile(signer: CourseFileSigner | null, courseId: number, link: string): string | null {
  if (!link.startsWith(courseFilesPrefix)) return link;
  if (!signer) return null;
  const windowStart = Math.floor(signer.now.getTime() / 1000 / linkWindowSeconds) * linkWindowSeconds;
  const expires = windowStart + 2 * linkWindowSeconds;
  const fields = { course: courseId, session: signer.sessionId, expires, path: link };
  const query = new URLSearchParams({ course: String(courseId), session: String(signer.sessionId), expires: String(expires) });
  query.set('sig', signature(signer.key, fields));
  return `${link}?${query}`;
}

/** Whether `sig` is the signature of these fields with the session's key (compared in constant time). */
export function isCourseFileSignature(key: string, fields: CourseFileLinkFields, sig: string): boolean {
  const expected = Buffer.from(signature(key, fields));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
