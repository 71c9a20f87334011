// What the course view reads of the course access flow.
import type { SnapshotFrom } from 'xstate';
import type { courseAccessMachine } from './course-access.machine';

type CourseAccessSnapshot = SnapshotFrom<typeof courseAccessMachine>;

/** The course comes with the subscription, which is not active: the lessons are locked. */
export const selectLocked = (s: CourseAccessSnapshot) => s.hasTag('locked');

/** The member may renew the subscription (the portal's owner); anyone else is told who can. */
export const selectCanRenew = (s: CourseAccessSnapshot) => s.context.subscription?.can_activate ?? false;
