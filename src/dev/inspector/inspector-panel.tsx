// The built-in inspector: the running actors (by machine id, with the flow that started them and the page
// they run in), the chosen one's current state lit on its chart, its last events with their masked payloads,
// and a timeline of every actor's events. It needs no network: this page's flows are recorded as they run,
// the other tabs' come over BroadcastChannel (src/dev/inspector/inspection-channel.ts).
import { useEffect, useMemo, useState } from 'react';
import { Badge, Code, Grid, Loader, NavLink, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { FlowChart } from '../flows/flow-chart';
import { flowNameOfMachine, flowQueryOptions } from '../flows/flows-data';
import { activeStateIds, stateValueText, useLiveActors, useLiveTimeline } from '../flows/live';
import { pageInspection } from '../../lib/flow-inspection';
import type { ActorStatus, InspectedActor, InspectedEvent } from './inspection-log';
import { InspectorTimeline } from './inspector-timeline';
import { clockTime, payloadText } from './inspector-format';
import './inspector.css';

function StatusBadge({ status }: { status: ActorStatus }) {
  const { t } = useLingui();
  const label = { active: t`running`, done: t`done`, error: t`failed`, stopped: t`stopped` }[status];
  return (
    <Badge size="xs" variant="light" color={status === 'active' ? 'green' : status === 'error' ? 'red' : 'gray'}>
      {label}
    </Badge>
  );
}

/** Who started an actor, and in which page. */
function Origin({ actor, ownSourceId }: { actor: InspectedActor; ownSourceId: string | undefined }) {
  const { t } = useLingui();
  const { parentMachineId } = actor;
  const starter = parentMachineId ? t`started by ${parentMachineId}` : t`mounted by the page`;
  const page = actor.source.id === ownSourceId ? t`this page` : actor.source.page;
  return <>{`${starter} · ${page}`}</>;
}

function ActorEntry({ actor, active, ownSourceId, onChoose }: { actor: InspectedActor; active: boolean; ownSourceId?: string; onChoose: () => void }) {
  return (
    <NavLink
      component="button"
      type="button"
      label={actor.machineId}
      description={
        <>
          {stateValueText(actor.value)} · <Origin actor={actor} ownSourceId={ownSourceId} />
        </>
      }
      rightSection={<StatusBadge status={actor.status} />}
      active={active}
      aria-current={active || undefined}
      onClick={onChoose}
      data-machine={actor.machineId}
    />
  );
}

/** The actor's chart from docs/statecharts, its current states lit. */
function LiveChart({ actor, height }: { actor: InspectedActor; height: number }) {
  const { t } = useLingui();
  const name = flowNameOfMachine(actor.machineId);
  const flow = useQuery({ ...flowQueryOptions(name ?? ''), enabled: Boolean(name) });
  const lit = useMemo(() => activeStateIds(actor.machineId, actor.value), [actor.machineId, actor.value]);
  if (!name) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>This machine has no chart.</Trans>
      </Text>
    );
  }
  if (flow.isPending) return <Loader size="sm" aria-label={t`Loading the chart`} />;
  if (flow.isError) {
    return (
      <Text c="red" role="alert">
        <Trans>The chart could not be loaded. Reload the page to try again.</Trans>
      </Text>
    );
  }
  return <FlowChart svg={flow.data.svg} selectedStateId={null} activeStateIds={lit} onSelectState={() => {}} height={height} />;
}

function EventTable({ actor, selectedEvent }: { actor: InspectedActor; selectedEvent: InspectedEvent | null }) {
  const { t, i18n } = useLingui();
  const { machineId } = actor;
  if (actor.events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No event yet.</Trans>
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={240}>
      <Table striped withTableBorder data-testid="live-events" aria-label={t`Recent events of ${machineId}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Time`}</Table.Th>
            <Table.Th>{t`Event`}</Table.Th>
            <Table.Th>{t`Payload`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {actor.events.map((event) => (
            <Table.Tr key={event.seq} data-chosen={selectedEvent?.actorKey === event.actorKey && selectedEvent.seq === event.seq ? true : undefined}>
              <Table.Td>{clockTime(event.at, i18n.locale)}</Table.Td>
              <Table.Td>
                <Code>{event.type}</Code>
              </Table.Td>
              <Table.Td>
                <Code style={{ wordBreak: 'break-all' }}>{payloadText(event.payload)}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

interface InspectorPanelProps {
  actors: readonly InspectedActor[];
  timeline: readonly InspectedEvent[];
  /** The id of the page the panel runs in (its actors read "this page"). */
  ownSourceId?: string;
  chartHeight?: number;
}

export function InspectorPanel({ actors, timeline, ownSourceId, chartHeight = 420 }: InspectorPanelProps) {
  const { t } = useLingui();
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const [selectedEvent, setSelectedEvent] = useState<InspectedEvent | null>(null);
  const actor = actors.find((candidate) => candidate.key === chosenKey) ?? actors[0];
  if (!actor) {
    return (
      <Text c="dimmed">
        <Trans>No flow is running in this page.</Trans>
      </Text>
    );
  }
  return (
    <Grid data-testid="inspector">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Stack gap={2} component="nav" aria-label={t`Running flows`} data-testid="live-actors">
          {actors.map((entry) => (
            <ActorEntry key={entry.key} actor={entry} active={entry.key === actor.key} ownSourceId={ownSourceId} onChoose={() => setChosenKey(entry.key)} />
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="md">
          <Title order={2}>
            {actor.machineId}: <Code>{stateValueText(actor.value)}</Code>
          </Title>
          <Text size="sm" c="dimmed">
            {flowNameOfMachine(actor.machineId) ?? actor.machineId} · <Origin actor={actor} ownSourceId={ownSourceId} /> <StatusBadge status={actor.status} />
          </Text>
          <LiveChart actor={actor} height={chartHeight} />
          <Title order={3} size="h4">
            <Trans>Recent events (secrets masked)</Trans>
          </Title>
          <EventTable actor={actor} selectedEvent={selectedEvent} />
          <Title order={3} size="h4">
            <Trans>Timeline</Trans>
          </Title>
          <InspectorTimeline
            actors={actors}
            events={timeline}
            selectedEvent={selectedEvent}
            onSelectEvent={(event) => {
              setChosenKey(event.actorKey);
              setSelectedEvent(event);
            }}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** The inspector of this page's flows and, while it is open, of the other tabs' (they are asked what runs). */
export function LiveInspector({ chartHeight }: { chartHeight?: number }) {
  const actors = useLiveActors();
  const timeline = useLiveTimeline();
  useEffect(() => pageInspection().link.listen(), []);
  return <InspectorPanel actors={actors} timeline={timeline} ownSourceId={pageInspection().source.id} chartHeight={chartHeight} />;
}
