// The course's order (spec §4 "Lessons": lectures ordered by numeric id): the contents group lectures by
// section, while previous, next and Continue follow the numeric ids across sections.
import { describe, expect, it } from 'vitest';
import { continueLectureId, courseOutline, neighbours } from '../../machines/learning/course-outline';

// The section shown first (sort_order 1) holds the later lectures, as a course edited after it was made can.
const sections = [
  { id: '20', name: 'Going further', sort_order: 2 },
  { id: '21', name: 'Getting started', sort_order: 1 },
];
const lectures = [
  { id: '10', section: { id: '21' } },
  { id: '2', section: { id: '20' } },
  { id: '9', section: { id: '21' } },
  { id: '3', section: { id: '20' } },
  { id: '11', section: null },
];

describe('the course outline', () => {
  const outline = courseOutline(sections, lectures);

  it('shows sections by sort_order, each with its lectures by numeric id, lectures without a section last', () => {
    expect(outline.groups.map((group) => [group.section?.name ?? null, group.lectures.map((lecture) => lecture.id)])).toEqual([
      ['Getting started', ['9', '10']],
      ['Going further', ['2', '3']],
      [null, ['11']],
    ]);
  });

  it('orders previous, next and Continue by numeric id across sections', () => {
    expect(outline.order.map((lecture) => lecture.id)).toEqual(['2', '3', '9', '10', '11']);
    expect(neighbours(outline.order, '3')).toEqual({ previousId: '2', nextId: '9' });
    expect(neighbours(outline.order, '10')).toEqual({ previousId: '9', nextId: '11' });
    expect(continueLectureId(outline.order, ['2'])).toBe('3');
  });
});
