// The side panel of a chosen state: what it means, how it is entered and left (in words, with the
// technical label beside), and a link that opens the page on this state.
import { Anchor, Badge, Code, List, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { FlowEdge } from '../../../scripts/statecharts/generate';
import type { Flow } from './flows-data';

/** `/flows?machine=invoice-payment&state=open.loading`: the page opens on that chart with that state chosen. */
export const stateLink = (machine: string, statePath: string) =>
  `/flows?${new URLSearchParams({ machine, state: statePath }).toString()}`;

function Edges({ edges, direction }: { edges: FlowEdge[]; direction: 'from' | 'to' }) {
  if (!edges.length) return <Text size="sm">—</Text>;
  return (
    <List size="sm" spacing={2}>
      {edges.map((edge, index) => (
        <List.Item key={`${edge.label}-${index}`}>
          {edge.words}{' '}
          <Text span c="dimmed" size="xs">
            (<Code>{edge.label}</Code>
            {edge.state ? (direction === 'from' ? ` ← ${edge.state}` : ` → ${edge.state}`) : ''})
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

export function ChartStatePanel({ flow, stateId }: { flow: Flow; stateId: string | null }) {
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
      <Edges edges={state.entered} direction="from" />
      <Text fw={600} size="sm">
        <Trans>Left by</Trans>
      </Text>
      <Edges edges={state.left} direction="to" />
      <Anchor href={stateLink(flow.name, state.path)} size="sm" data-testid="state-link">
        <Trans>Link to this state</Trans>
      </Anchor>
    </Stack>
  );
}
