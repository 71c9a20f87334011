// The order of a course (spec §2 "Course screen", §4 "Lessons": "lectures ordered by numeric id", calls §7):
// the contents show sections by sort_order, the lectures of each section by numeric id (lectures without a
// known section last); previous, next and Continue follow the lectures' numeric ids across sections, whatever
// order the sections are shown in. Entries without ids are left out. The portal (contents, previous/next, the
// lesson's input) and the reference server (next_lecture_id) read the course through these functions, so
// both agree on what "next" means.

export interface OutlineSection {
  id: string;
  name: string;
  sort_order: number;
}

export interface OutlineLecture {
  id?: string | null;
  section?: { id: string } | null;
}

export interface OutlineGroup<TLecture> {
  /** null: the lectures whose section is not among the course's sections. */
  section: OutlineSection | null;
  lectures: (TLecture & { id: string })[];
}

export interface CourseOutline<TLecture> {
  groups: OutlineGroup<TLecture>[];
  /** Every lecture with an id, in numeric order of the ids across sections (previous, next, Continue). */
  order: (TLecture & { id: string })[];
}

/** Numeric ids compare as numbers (2 before 10); anything else as text, after them. */
export function compareIds(a: string, b: string): number {
  const numericA = /^\d+$/.test(a);
  const numericB = /^\d+$/.test(b);
  if (numericA && numericB) return Number(a) - Number(b) || a.length - b.length;
  if (numericA !== numericB) return numericA ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

const hasId = <TLecture extends OutlineLecture>(lecture: TLecture): lecture is TLecture & { id: string } =>
  typeof lecture.id === 'string' && lecture.id !== '';

export function courseOutline<TLecture extends OutlineLecture>(
  sections: readonly OutlineSection[],
  lectures: readonly TLecture[],
): CourseOutline<TLecture> {
  const sorted = [...sections].sort((a, b) => a.sort_order - b.sort_order || compareIds(a.id, b.id));
  const known = new Set(sorted.map((section) => section.id));
  const withIds = lectures.filter(hasId).sort((a, b) => compareIds(a.id, b.id));
  const groups: OutlineGroup<TLecture>[] = sorted
    .map((section) => ({ section, lectures: withIds.filter((lecture) => lecture.section?.id === section.id) }))
    .filter((group) => group.lectures.length > 0);
  const loose = withIds.filter((lecture) => !lecture.section || !known.has(lecture.section.id));
  if (loose.length > 0) groups.push({ section: null, lectures: loose });
  return { groups, order: withIds };
}

/** The lectures before and after one in the course's order (null at either end, or when it is not listed). */
export function neighbours(order: readonly { id: string }[], lectureId: string): { previousId: string | null; nextId: string | null } {
  const index = order.findIndex((lecture) => lecture.id === lectureId);
  if (index < 0) return { previousId: null, nextId: null };
  return { previousId: order[index - 1]?.id ?? null, nextId: order[index + 1]?.id ?? null };
}

/**
 * Where "continue" leads: the first lecture in the course's order the member has not completed, or the first
 * lecture when every one is completed; null for a course without lectures.
 */
export function continueLectureId(order: readonly { id: string }[], completedIds: readonly string[]): string | null {
  const done = new Set(completedIds);
  return (order.find((lecture) => !done.has(lecture.id)) ?? order[0])?.id ?? null;
}

/** Lectures other than this one the member has not completed yet. */
export function othersIncomplete(order: readonly { id: string }[], completedIds: readonly string[], lectureId: string): number {
  const done = new Set(completedIds);
  return order.filter((lecture) => lecture.id !== lectureId && !done.has(lecture.id)).length;
}

/** The player a lecture needs (spec §3: video_type youtube, vimeo or empty; empty with a link is a plain file). */
export function videoKindOf(lecture: { video_type?: string | null; video_link?: string | null }): 'youtube' | 'vimeo' | 'file' | 'none' {
  if (!lecture.video_link) return 'none';
  if (lecture.video_type === 'youtube' || lecture.video_type === 'vimeo') return lecture.video_type;
  return 'file';
}
