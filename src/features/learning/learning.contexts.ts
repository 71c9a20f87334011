// One actor context per flow of the learning area: the lesson (one per lecture, keyed by its id) and the
// course access (one per course view).
import { createActorContext } from '@xstate/react';
import { lessonMachine } from '../../../machines/learning/lesson.machine';
import { courseAccessMachine } from '../../../machines/learning/course-access.machine';

export const LessonContext = createActorContext(lessonMachine);
export const CourseAccessContext = createActorContext(courseAccessMachine);
