// The roadmap area's words: the stages' headings.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RoadmapStage } from '../../../domain/roadmap';

export const roadmapStageNames: Record<RoadmapStage, MessageDescriptor> = {
  planned: msg({ message: 'Planned', context: 'roadmap stage' }),
  in_progress: msg({ message: 'In progress', context: 'roadmap stage' }),
  done: msg({ message: 'Done', context: 'roadmap stage' }),
};
