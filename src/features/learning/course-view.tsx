// The course view (spec §2 "Course route", "Layout details", "Course screen"): the course's name and its
// tabs Lesson, Contents (small screens only; wide screens have the sidebar), Downloads and About. While
// the course is locked (it comes with the subscription, which is not active) the lesson says so instead.
// The lesson (with its flow) comes from the page, which mounts the flow around it.
import { Suspense, useState, type ReactNode } from 'react';
import { Alert, Anchor, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconDownload, IconLock } from '@tabler/icons-react';
import { selectCanRenew, selectLocked } from '../../../machines/learning/course-access.selectors';
import { RouterButton } from '../../components/router-links';
import { useIsSmallScreen } from '../../lib/screen';
import { CourseAccessContext } from './learning.contexts';
import { useCourse } from './course-data';
import { CourseContents, CourseProgress, CourseSidebar } from './course-contents';
import { SidebarPortal } from '../../components/layout-slot';
import { RichText } from '../../components/rich-text';
import { CourseTabContext, type CourseTab } from './course-tabs';

export interface CourseViewProps {
  courseId: string;
  lessonId: string;
  /** The lecture's lesson, shown on the Lesson tab while the course is open (it may wait for its lecture). */
  lesson: ReactNode;
}

export function CourseView(props: CourseViewProps) {
  const course = useCourse(props.courseId);
  const small = useIsSmallScreen();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {course.name}
      </Title>
      {/* A new lesson opens on its own tab (from the Contents tab, previous or next). */}
      <CourseTabs key={props.lessonId} {...props} />
      {/* Wide screens: progress and contents in the layout's sidebar (small screens: the Contents tab). */}
      {!small && (
        <SidebarPortal>
          <CourseSidebar courseId={props.courseId} lessonId={props.lessonId} />
        </SidebarPortal>
      )}
    </Stack>
  );
}

function CourseTabs({ courseId, lessonId, lesson }: CourseViewProps) {
  const { t } = useLingui();
  const small = useIsSmallScreen();
  const locked = CourseAccessContext.useSelector(selectLocked);
  const [chosen, setTab] = useState<CourseTab>('lesson');
  const tab = chosen === 'contents' && !small ? 'lesson' : chosen;
  return (
    <Tabs value={tab} onChange={(value) => setTab((value as CourseTab | null) ?? 'lesson')}>
      <Tabs.List aria-label={t`Course`}>
        <Tabs.Tab value="lesson">
          <Trans>Lesson</Trans>
        </Tabs.Tab>
        {small && (
          <Tabs.Tab value="contents">
            <Trans>Contents</Trans>
          </Tabs.Tab>
        )}
        <Tabs.Tab value="downloads">
          <Trans>Downloads</Trans>
        </Tabs.Tab>
        <Tabs.Tab value="about">
          <Trans>About</Trans>
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="lesson" pt="md">
        {locked ? (
          <CourseLocked />
        ) : (
          <CourseTabContext.Provider value={setTab}>
            <Suspense fallback={<LessonSkeleton />}>{lesson}</Suspense>
          </CourseTabContext.Provider>
        )}
      </Tabs.Panel>
      {small && (
        <Tabs.Panel value="contents" pt="md">
          <Stack gap="lg">
            <CourseProgress courseId={courseId} />
            <CourseContents courseId={courseId} lessonId={lessonId} />
          </Stack>
        </Tabs.Panel>
      )}
      <Tabs.Panel value="downloads" pt="md">
        {locked ? <CourseLocked testId="course-locked-downloads" /> : <CourseDownloads courseId={courseId} />}
      </Tabs.Panel>
      <Tabs.Panel value="about" pt="md">
        <CourseAbout courseId={courseId} />
      </Tabs.Panel>
    </Tabs>
  );
}

function LessonSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="md" aria-busy aria-label={t`Loading`}>
      <Skeleton height={280} />
      <Skeleton height={24} width="50%" />
      <Skeleton height={14} />
      <Skeleton height={14} width="80%" />
    </Stack>
  );
}

/** The course comes with the subscription, which is not active (Course.requires_subscription). */
function CourseLocked({ testId = 'course-locked' }: { testId?: string }) {
  const canRenew = CourseAccessContext.useSelector(selectCanRenew);
  return (
    <Alert color="yellow" icon={<IconLock size={20} aria-hidden />} title={<Trans>The lessons are locked</Trans>} data-testid={testId}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          <Trans>
            This course comes with the subscription, which is not active. Your progress is kept: once the subscription is renewed, the lessons
            open again here, where you stopped.
          </Trans>
        </Text>
        {canRenew ? (
          <RouterButton to="/subscriptions" size="sm">
            <Trans>Renew the subscription</Trans>
          </RouterButton>
        ) : (
          <Text size="sm" fw={600}>
            <Trans>The portal’s owner manages the subscription.</Trans>
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** Links a member can follow safely: this site's own, or http(s). */
const isSafeLink = (link: string) => /^(\/(?!\/)|https?:\/\/)/i.test(link);

function CourseDownloads({ courseId }: { courseId: string }) {
  const course = useCourse(courseId);
  const downloads = course.downloads.filter((download) => isSafeLink(download.download_link));
  if (downloads.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>This course has no downloads.</Trans>
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="course-downloads">
      {downloads.map((download) => (
        <li key={download.download_link}>
          <Anchor href={download.download_link} download display="inline-flex" style={{ alignItems: 'center', gap: 8 }}>
            <IconDownload size={18} aria-hidden />
            {download.name}
          </Anchor>
        </li>
      ))}
    </Stack>
  );
}

function CourseAbout({ courseId }: { courseId: string }) {
  const course = useCourse(courseId);
  return (
    <Stack gap="sm" data-testid="course-about">
      {course.excerpt && <Text fw={500}>{course.excerpt}</Text>}
      <RichText html={course.description} />
    </Stack>
  );
}
