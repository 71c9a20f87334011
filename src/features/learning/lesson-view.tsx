// A lesson of the course view (spec §2 "Course screen", §4 "Lessons"): the video (YouTube, Vimeo or a
// plain file, starting where the member stopped), the name, the completed checkbox, the sanitised
// description and previous/next; when the lecture completes the course, the lesson says so and offers the
// next step. A player that cannot load is said so, and the lesson stays usable.
import { useContext, useEffect, useRef, type ReactNode } from 'react';
import { Alert, AspectRatio, Box, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconChevronLeft, IconChevronRight, IconDownload, IconTrophy, IconVideoOff } from '@tabler/icons-react';
import { videoKindOf } from '../../../machines/learning/course-outline';
import {
  selectCanToggle,
  selectCompleted,
  selectCourseCompleted,
  selectCourseId,
  selectHasNext,
  selectHasPrevious,
  selectLectureId,
  selectPlayerLeft,
  selectPlayerUnavailable,
  selectResumeAt,
  selectSaving,
} from '../../../machines/learning/lesson.selectors';
import type { Lecture } from '../../api/learning';
import { RouterButton } from '../../components/router-links';
import { LessonContext } from './learning.contexts';
import { PlayersContext, type PlayerControl, type PlayerKind } from './players/player';
import { RichText } from '../../components/rich-text';
import { useLecture } from './course-data';
import { useShowCourseTab } from './course-tabs';

export type LessonLecture = Pick<Lecture, 'name' | 'description' | 'video_type' | 'video_link'>;

/** The lesson of the lecture its flow is about (the flow is mounted around it, one per lecture). */
export function LessonPane() {
  const courseId = LessonContext.useSelector(selectCourseId);
  const lectureId = LessonContext.useSelector(selectLectureId);
  const lecture = useLecture(courseId, lectureId);
  const showTab = useShowCourseTab();
  return <LessonView lecture={lecture} onShowDownloads={() => showTab('downloads')} />;
}

export function LessonView({ lecture, onShowDownloads }: { lecture: LessonLecture; onShowDownloads: () => void }) {
  const { t } = useLingui();
  const actor = LessonContext.useActorRef();
  const completed = LessonContext.useSelector(selectCompleted);
  const canToggle = LessonContext.useSelector(selectCanToggle);
  const saving = LessonContext.useSelector(selectSaving);
  const hasPrevious = LessonContext.useSelector(selectHasPrevious);
  const hasNext = LessonContext.useSelector(selectHasNext);
  const courseCompleted = LessonContext.useSelector(selectCourseCompleted);
  const kind = videoKindOf(lecture);
  return (
    <Stack gap="md" data-testid="lesson">
      {courseCompleted && <CourseCompleted onShowDownloads={onShowDownloads} />}
      {kind !== 'none' && lecture.video_link && <VideoStage kind={kind} link={lecture.video_link} title={lecture.name} />}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={2} size="h3">
          {lecture.name}
        </Title>
        <Checkbox
          label={t`Completed`}
          checked={completed}
          disabled={!canToggle}
          aria-busy={saving}
          onChange={() => actor.send({ type: 'completion.toggle' })}
          data-testid="lesson-completed"
        />
      </Group>
      <RichText html={lecture.description} testId="lesson-description" />
      <Group justify="space-between" component="nav" aria-label={t`Lessons`}>
        <Button variant="default" leftSection={<IconChevronLeft size={16} aria-hidden />} disabled={!hasPrevious} onClick={() => actor.send({ type: 'lesson.previous' })}>
          <Trans>Previous</Trans>
        </Button>
        <Button variant="default" rightSection={<IconChevronRight size={16} aria-hidden />} disabled={!hasNext} onClick={() => actor.send({ type: 'lesson.next' })}>
          <Trans>Next</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** The whole course is done: say so, and offer what comes next instead of a silently disabled Next. */
function CourseCompleted({ onShowDownloads }: { onShowDownloads: () => void }) {
  return (
    <Paper withBorder p="md" radius="md" role="status" data-testid="course-completed" bg="var(--mantine-color-green-light)">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <IconTrophy size={32} aria-hidden color="var(--mantine-color-green-filled)" />
        <Stack gap="xs">
          <Title order={2} size="h4">
            <Trans>You have completed the course</Trans>
          </Title>
          <Text size="sm">
            <Trans>Every lesson is done. Keep the course materials, or go back to your courses for the next one.</Trans>
          </Text>
          <Group gap="sm">
            <RouterButton to="/my-courses" size="sm">
              <Trans>Back to my courses</Trans>
            </RouterButton>
            <Button size="sm" variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={onShowDownloads}>
              <Trans>See the downloads</Trans>
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The lecture's player: loaded for its kind only, started where the member stopped, its events sent to the flow. */
function VideoStage({ kind, link, title }: { kind: PlayerKind; link: string; title: string }) {
  const actor = LessonContext.useActorRef();
  const startAt = LessonContext.useSelector(selectResumeAt);
  const left = LessonContext.useSelector(selectPlayerLeft);
  const unavailable = LessonContext.useSelector(selectPlayerUnavailable);
  const players = useContext(PlayersContext);
  const host = useRef<HTMLDivElement>(null);
  const control = useRef<PlayerControl | null>(null);
  useEffect(() => {
    let gone = false;
    players[kind]().then(
      (create) => {
        if (gone || !host.current) return;
        control.current = create(
          host.current,
          { link, startAt, title },
          {
            ready: () => actor.send({ type: 'video.ready' }),
            failed: () => actor.send({ type: 'video.failed' }),
            play: () => actor.send({ type: 'video.play' }),
            pause: () => actor.send({ type: 'video.pause' }),
            progress: (seconds, duration) => actor.send({ type: 'video.progress', seconds, duration }),
            ended: () => actor.send({ type: 'video.ended' }),
          },
        );
      },
      () => {
        if (!gone) actor.send({ type: 'video.failed' });
      },
    );
    return () => {
      gone = true;
      control.current?.destroy();
      control.current = null;
    };
  }, [actor, players, kind, link, startAt, title]);
  useEffect(() => {
    if (left) control.current?.reset();
  }, [left]);
  return (
    <Box>
      <AspectRatio ratio={16 / 9} display={unavailable ? 'none' : undefined}>
        <div ref={host} data-testid="video-player" data-player={kind} style={{ width: '100%', height: '100%', background: '#000' }} />
      </AspectRatio>
      {unavailable && <PlayerUnavailable />}
    </Box>
  );
}

function PlayerUnavailable(): ReactNode {
  const { t } = useLingui();
  return (
    <Alert color="gray" variant="light" icon={<IconVideoOff size={20} aria-hidden />} title={t`The video cannot be played here right now`} data-testid="player-unavailable">
      <Trans>You may be offline, or the browser blocks the video service. You can still read the lesson and mark it completed.</Trans>
    </Alert>
  );
}
