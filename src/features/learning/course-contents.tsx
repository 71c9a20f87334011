// The course's progress (a circle: lectures done of all) and its contents (spec §2 "Course screen"): an
// accordion of sections in course order with each lecture's completed mark; the open lesson's section
// opens with it. Both follow COURSE_UPDATE without a reload (they read the course's stats).
import { useEffect, useState } from 'react';
import { Accordion, Group, RingProgress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import { RouterNavLink } from '../../components/router-nav-link';
import { useCourse, useOutline } from './course-data';

export function CourseProgress({ courseId }: { courseId: string }) {
  const course = useCourse(courseId);
  const done = course.course_stats?.lectures_views ?? 0;
  const total = course.lectures_number;
  const percent = total > 0 ? Math.round((Math.min(done, total) / total) * 100) : 0;
  return (
    <Group gap="md" wrap="nowrap" data-testid="course-progress" data-done={done} data-total={total}>
      <RingProgress
        size={88}
        thickness={9}
        roundCaps
        sections={[{ value: percent, color: percent === 100 ? 'green' : 'blue' }]}
        label={
          <Text ta="center" fw={700} size="sm">
            {percent}%
          </Text>
        }
        aria-hidden
      />
      <Stack gap={2}>
        <Title order={2} size="h5">
          <Trans>Your progress</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            {done} of <Plural value={total} one="# lesson" other="# lessons" /> completed
          </Trans>
        </Text>
      </Stack>
    </Group>
  );
}

export function CourseContents({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const { t } = useLingui();
  const course = useCourse(courseId);
  const outline = useOutline(courseId);
  const done = new Set(course.course_stats?.lectures_started ?? []);
  const groupKey = (index: number) => outline.groups[index]?.section?.id ?? 'more';
  const current = groupKey(outline.groups.findIndex((group) => group.lectures.some((lecture) => lecture.id === lessonId)));
  const [open, setOpen] = useState<string[]>([current]);
  // Opening a lesson opens its section (the others stay as the member left them).
  useEffect(() => setOpen((sections) => (sections.includes(current) ? sections : [...sections, current])), [current]);
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        <Trans>Contents</Trans>
      </Title>
      <Accordion multiple value={open} onChange={setOpen} variant="contained" data-testid="course-contents">
        {outline.groups.map((group, index) => {
          const finished = group.lectures.filter((lecture) => done.has(lecture.id)).length;
          const count = group.lectures.length;
          return (
            <Accordion.Item key={groupKey(index)} value={groupKey(index)}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} size="sm">
                    {group.section?.name ?? t`More lessons`}
                  </Text>
                  <Text size="xs" c="dimmed" aria-hidden>
                    {finished}/{count}
                  </Text>
                  <VisuallyHidden>{t`${finished} of ${count} completed`}</VisuallyHidden>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {group.lectures.map((lecture) => {
                    const completed = done.has(lecture.id);
                    return (
                      <li key={lecture.id}>
                        <RouterNavLink
                          to="/course/$courseId/$lessonId"
                          params={{ courseId, lessonId: lecture.id }}
                          active={lecture.id === lessonId}
                          aria-current={lecture.id === lessonId ? 'page' : undefined}
                          label={lecture.name}
                          data-completed={completed}
                          data-testid={`contents-lecture-${lecture.id}`}
                          leftSection={
                            completed ? (
                              <IconCircleCheckFilled size={18} color="var(--mantine-color-green-filled)" aria-label={t`Completed`} role="img" />
                            ) : (
                              <IconCircle size={18} aria-label={t`Not completed`} role="img" />
                            )
                          }
                        />
                      </li>
                    );
                  })}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}

/** The sidebar of wide screens: progress, then contents. */
export function CourseSidebar({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  return (
    <Stack gap="lg">
      <CourseProgress courseId={courseId} />
      <CourseContents courseId={courseId} lessonId={lessonId} />
    </Stack>
  );
}
