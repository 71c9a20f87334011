// /flows: every machine's state chart with its purpose, states, timers and model paths, for product owners
// and QA; and, live, the flows running in this page with their current states and recent events.
import { useState, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Box,
  Code,
  Container,
  Grid,
  List,
  Loader,
  NavLink,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { FlowChart } from './flow-chart';
import { GalleryPanel } from './gallery-panel';
import { flowIndex, flowNameOfMachine, flowQueryOptions, type Flow } from './flows-data';
import { activeStateIds, stateValueText, useLiveActors } from './live';
import './flows.css';

/** Loads a machine's summary and chart, with a spinner meanwhile and a message when it fails. */
function WithFlow({ name, children }: { name: string; children: (flow: Flow) => ReactNode }) {
  const { t } = useLingui();
  const flow = useQuery(flowQueryOptions(name));
  if (flow.isPending) return <Loader aria-label={t`Loading the chart`} />;
  if (flow.isError) {
    return (
      <Text c="red" role="alert">
        <Trans>The chart could not be loaded. Reload the page to try again.</Trans>
      </Text>
    );
  }
  return <>{children(flow.data)}</>;
}

function StateDetails({ flow, stateId }: { flow: Flow; stateId: string | null }) {
  const state = flow.states.find((candidate) => candidate.id === stateId);
  if (!state) {
    return (
      <Text c="dimmed" size="sm">
        <Trans>Choose a state on the chart to see what it means and how it is entered and left.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="state-details">
      <Title order={3} size="h4">
        <Code>{state.path}</Code> {state.type === 'final' && <Badge size="sm">final</Badge>}
      </Title>
      <Text>{state.description}</Text>
      {state.invokes.length > 0 && (
        <Text size="sm">
          <Trans>Calls:</Trans> {state.invokes.join(', ')}
        </Text>
      )}
      <Text fw={600} size="sm">
        <Trans>Entered by</Trans>
      </Text>
      <List size="sm">{state.incoming.length ? state.incoming.map((line) => <List.Item key={line}>{line}</List.Item>) : <List.Item>—</List.Item>}</List>
      <Text fw={600} size="sm">
        <Trans>Left by</Trans>
      </Text>
      <List size="sm">{state.outgoing.length ? state.outgoing.map((line) => <List.Item key={line}>{line}</List.Item>) : <List.Item>—</List.Item>}</List>
    </Stack>
  );
}

function ChartsView() {
  const { t } = useLingui();
  const [name, setName] = useState(flowIndex[0]?.name ?? '');
  const [stateId, setStateId] = useState<string | null>(null);
  const [allPaths, setAllPaths] = useState(false);
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Stack gap={2} component="nav" aria-label={t`Machines`} data-testid="flow-list">
          {flowIndex.map((entry) => (
            <NavLink
              key={entry.name}
              label={entry.name}
              description={t`${entry.stateCount} states, ${entry.pathCount} paths`}
              active={entry.name === name}
              onClick={() => {
                setName(entry.name);
                setStateId(null);
                setAllPaths(false);
              }}
              data-flow={entry.name}
            />
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <WithFlow name={name}>
          {(flow) => (
            <Stack gap="md">
              <Title order={2}>{flow.name}</Title>
              <Text>{flow.purpose}</Text>
              <FlowChart svg={flow.svg} selectedStateId={stateId} onSelectState={setStateId} />
              <Paper withBorder p="md">
                <StateDetails flow={flow} stateId={stateId} />
                <GalleryPanel flowName={flow.name} stateId={stateId} />
              </Paper>
              {flow.timers.length > 0 && (
                <Box>
                  <Title order={3} size="h4" mb="xs">
                    <Trans>Timers</Trans>
                  </Title>
                  <List size="sm">
                    {flow.timers.map((timer) => (
                      <List.Item key={`${timer.state}-${timer.delay}`}>
                        <Trans>
                          In {timer.state}: after {timer.duration} → {timer.target}
                        </Trans>
                      </List.Item>
                    ))}
                  </List>
                </Box>
              )}
              <Box>
                <Title order={3} size="h4" mb="xs">
                  <Trans>Model paths ({flow.paths.length})</Trans>
                </Title>
                <List size="xs" spacing={4} data-testid="model-paths">
                  {(allPaths ? flow.paths : flow.paths.slice(0, 8)).map((path, index) => (
                    // Two paths can read alike (they differ in an answer's data), so the position is the key.
                    <List.Item key={`${flow.name}-${index}`}>
                      <Code>{path}</Code>
                    </List.Item>
                  ))}
                </List>
                {flow.paths.length > 8 && !allPaths && (
                  <Anchor component="button" type="button" size="sm" onClick={() => setAllPaths(true)}>
                    <Trans>Show all paths</Trans>
                  </Anchor>
                )}
              </Box>
            </Stack>
          )}
        </WithFlow>
      </Grid.Col>
    </Grid>
  );
}

function LiveView() {
  const actors = useLiveActors();
  const [selected, setSelected] = useState<string | null>(null);
  const actor = actors.find((candidate) => candidate.sessionId === selected) ?? actors[0];
  const flowName = actor ? flowNameOfMachine(actor.machineId) : undefined;
  if (!actor) {
    return (
      <Text c="dimmed">
        <Trans>No flow is running in this page.</Trans>
      </Text>
    );
  }
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Stack gap={2} data-testid="live-actors">
          {actors.map((entry) => (
            <NavLink
              key={entry.sessionId}
              label={entry.machineId}
              description={stateValueText(entry.value)}
              active={entry.sessionId === actor.sessionId}
              onClick={() => setSelected(entry.sessionId)}
            />
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="md">
          <Title order={2}>
            {actor.machineId}: <Code>{stateValueText(actor.value)}</Code>
          </Title>
          {flowName && (
            <WithFlow name={flowName}>
              {(flow) => (
                <FlowChart
                  svg={flow.svg}
                  selectedStateId={null}
                  activeStateIds={activeStateIds(actor.machineId, actor.value)}
                  onSelectState={() => {}}
                  height={420}
                />
              )}
            </WithFlow>
          )}
          <Title order={3} size="h4">
            <Trans>Recent events (secrets masked)</Trans>
          </Title>
          <ScrollArea h={220}>
            <Table striped withTableBorder data-testid="live-events">
              <Table.Tbody>
                {actor.events.map((event, index) => (
                  <Table.Tr key={`${event.at}-${index}`}>
                    <Table.Td>
                      <Code>{event.type}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Code>{JSON.stringify(event.payload)}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

export function FlowsPage({ initialView = 'charts' }: { initialView?: 'charts' | 'live' }) {
  const { t } = useLingui();
  const [view, setView] = useState(initialView);
  return (
    <Container size="xl" py="lg" component="main">
      <Stack gap="lg">
        <Title order={1}>
          <Trans>Flows</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>The state machines behind the portal, drawn from the code itself. Live shows the flows running in this page.</Trans>
        </Text>
        <SegmentedControl
          value={view}
          onChange={(value) => setView(value as 'charts' | 'live')}
          data={[
            { value: 'charts', label: t`Charts` },
            { value: 'live', label: t`Live` },
          ]}
          w={240}
        />
        {view === 'charts' ? <ChartsView /> : <LiveView />}
      </Stack>
    </Container>
  );
}
