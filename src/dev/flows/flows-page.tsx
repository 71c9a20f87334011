// /flows: every machine's state chart with its purpose, states, timers and model paths, for product owners
// and QA; and, live, the flows running in this page with their current states and recent events.
import { useState, type ReactNode } from 'react';
import {
  Anchor,
  Box,
  Code,
  Container,
  Grid,
  List,
  Loader,
  NavLink,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChartWithSearch } from './chart-with-search';
import { stateLink } from './chart-state-panel';
import { flowIndex, flowQueryOptions, type Flow } from './flows-data';
import { LiveInspector } from '../inspector/inspector-panel';
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

function ChartsView({ initialMachine, initialState }: { initialMachine?: string; initialState?: string }) {
  const { t } = useLingui();
  const known = initialMachine && flowIndex.some((entry) => entry.name === initialMachine) ? initialMachine : undefined;
  const [name, setName] = useState(known ?? flowIndex[0]?.name ?? '');
  const [statePath, setStatePath] = useState<string | null>(known ? (initialState ?? null) : null);
  const [allPaths, setAllPaths] = useState(false);
  const [query, setQuery] = useState('');
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
                setStatePath(null);
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
              <ChartWithSearch
                flow={flow}
                query={query}
                onQuery={setQuery}
                statePath={statePath}
                onSelectPath={(path) => {
                  setStatePath(path);
                  // The address names the chart and the state, so it can be shared.
                  window.history.replaceState(window.history.state, '', stateLink(flow.name, path));
                }}
              />
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

export function FlowsPage({
  initialView = 'charts',
  machine,
  state,
}: {
  initialView?: 'charts' | 'live';
  machine?: string;
  state?: string;
}) {
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
        {view === 'charts' ? <ChartsView initialMachine={machine} initialState={state} /> : <LiveInspector />}
      </Stack>
    </Container>
  );
}
