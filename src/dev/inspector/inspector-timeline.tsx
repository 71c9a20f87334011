// The inspector's timeline: one lane per actor, each event a mark at its time. Every mark is a button (Tab
// reaches it, its label says the event and the time), and choosing one picks its actor and event.
import { Box, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { InspectedActor, InspectedEvent } from './inspection-log';
import { clockTime } from './inspector-format';

interface TimelineProps {
  actors: readonly InspectedActor[];
  events: readonly InspectedEvent[];
  selectedEvent: InspectedEvent | null;
  onSelectEvent: (event: InspectedEvent) => void;
}

export function InspectorTimeline({ actors, events, selectedEvent, onSelectEvent }: TimelineProps) {
  const { t, i18n } = useLingui();
  const lanes = actors.filter((actor) => events.some((event) => event.actorKey === actor.key));
  if (lanes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No event yet.</Trans>
      </Text>
    );
  }
  const first = events[0]!.at;
  const span = Math.max(1, events[events.length - 1]!.at - first);
  const start = clockTime(first, i18n.locale);
  const end = clockTime(first + span, i18n.locale);
  return (
    <Stack gap={4} data-testid="inspector-timeline" role="group" aria-label={t`Timeline`}>
      <Text size="xs" c="dimmed">
        <Trans>
          From {start} to {end}
        </Trans>
      </Text>
      {lanes.map(({ key, machineId }) => (
        <Box key={key} style={{ display: 'grid', gridTemplateColumns: '160px 1fr', alignItems: 'center', gap: 8 }}>
          <Text size="xs" truncate="end" title={machineId}>
            {machineId}
          </Text>
          <Box pos="relative" h={20} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }} aria-label={t`Events of ${machineId}`} role="group">
            {events
              .filter((event) => event.actorKey === key)
              .map((event) => {
                const eventType = event.type;
                const time = clockTime(event.at, i18n.locale);
                const label = t`${eventType} at ${time}`;
                const chosen = selectedEvent?.actorKey === event.actorKey && selectedEvent.seq === event.seq;
                return (
                  <Tooltip key={`${event.actorKey}-${event.seq}`} label={label} withinPortal={false}>
                    <UnstyledButton
                      aria-label={label}
                      aria-pressed={chosen}
                      onClick={() => onSelectEvent(event)}
                      className="inspector-mark"
                      data-chosen={chosen || undefined}
                      style={{ left: `calc(${((event.at - first) / span) * 100}% - 5px)` }}
                    />
                  </Tooltip>
                );
              })}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
