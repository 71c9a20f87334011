// My courses (spec §2 "/my-courses"): the courses the member is enrolled in, each with its image (or its
// colour), name, excerpt, lessons done of all, and a button to the next lesson not done yet.
import { Box, Card, Group, Image, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { IconBook2, IconLock } from '@tabler/icons-react';
import { myCoursesQueryOptions, type MyCourse } from '../../api/learning';
import { RouterButton } from '../../components/router-links';
import { useTenant } from '../../lib/tenant-context';

export function MyCoursesView() {
  const tenant = useTenant();
  const courses = useSuspenseQuery(myCoursesQueryOptions(tenant.uuid)).data;
  if (courses.length === 0) {
    return (
      <Card withBorder padding="xl" radius="md" data-testid="no-courses">
        <Stack align="center" gap="xs" ta="center">
          <IconBook2 size={40} aria-hidden />
          <Text fw={600}>
            <Trans>You have no courses yet</Trans>
          </Text>
          <Text c="dimmed" size="sm" maw={420}>
            <Trans>Courses you buy or are given show here, with your progress in each.</Trans>
          </Text>
        </Stack>
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="my-courses">
      {courses.map((course) => (
        <li key={course.id}>
          <CourseCard course={course} />
        </li>
      ))}
    </SimpleGrid>
  );
}

function CourseCard({ course }: { course: MyCourse }) {
  const { t } = useLingui();
  const done = Math.min(course.course_stats?.lectures_views ?? 0, course.lectures_number);
  const total = course.lectures_number;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const name = course.name;
  const label = done === 0 ? t`Start` : done === total ? t`Watch again` : t`Continue`;
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid="course-card" data-course-id={course.id}>
      <Card.Section>
        {course.image?.url ? (
          <Image src={course.image.url} alt="" h={160} fit="cover" bg={course.bg_color ?? undefined} />
        ) : (
          <Box h={160} bg={course.bg_color ?? 'var(--mantine-color-default-hover)'} aria-hidden style={{ display: 'grid', placeItems: 'center' }}>
            <IconBook2 size={48} color="rgba(0, 0, 0, 0.45)" />
          </Box>
        )}
      </Card.Section>
      <Stack gap="sm" mt="md" h="100%">
        <Title order={2} size="h4">
          {course.name}
        </Title>
        {course.requires_subscription && (
          // A line that wraps, not a badge: a badge cut the one label that says why the course is locked.
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" fw={600}>
              <Trans>Comes with the subscription</Trans>
            </Text>
          </Group>
        )}
        {course.excerpt && (
          <Text size="sm" c="dimmed">
            {course.excerpt}
          </Text>
        )}
        <Stack gap={4} mt="auto">
          <Progress value={percent} aria-label={t`Progress of ${name}`} color={percent === 100 ? 'green' : undefined} />
          <Text size="sm" data-testid="course-card-progress">
            <Trans>
            {done} of <Plural value={total} one="# lesson" other="# lessons" /> completed
          </Trans>
          </Text>
        </Stack>
        <Group>
          {course.next_lecture_id ? (
            <RouterButton
              to="/course/$courseId/$lessonId"
              params={{ courseId: course.id, lessonId: course.next_lecture_id }}
              aria-label={`${label}: ${course.name}`}
            >
              {label}
            </RouterButton>
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>No lessons yet</Trans>
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
