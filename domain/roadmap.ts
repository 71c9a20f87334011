// The roadmap (roadmap module): a tenant's items by stage and quarter, and one vote per member and item.

export const roadmapStages = ['planned', 'in_progress', 'done'] as const;
export type RoadmapStage = (typeof roadmapStages)[number];

/** "2026-Q4" for a date in October-December 2026 (UTC). */
export const quarterOf = (date: Date) => `${date.getUTCFullYear()}-Q${Math.floor(date.getUTCMonth() / 3) + 1}`;
