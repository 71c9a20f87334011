// The /flows chart with its search box and the chosen state's side panel, side by side on a wide screen.
import { useState } from 'react';
import { Grid, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FlowChart } from './flow-chart';
import { ChartStatePanel } from './chart-state-panel';
import { GalleryPanel } from './gallery-panel';
import type { Flow } from './flows-data';

interface ChartWithSearchProps {
  flow: Flow;
  query: string;
  onQuery: (query: string) => void;
  /** The chosen state's path below the machine ("open.loading"), as in the page's address. */
  statePath: string | null;
  onSelectPath: (path: string) => void;
}

export function ChartWithSearch({ flow, query, onQuery, statePath, onSelectPath }: ChartWithSearchProps) {
  const { t } = useLingui();
  const [matches, setMatches] = useState(0);
  const stateId = flow.states.find((state) => state.path === statePath)?.id ?? null;
  return (
    <Stack gap="xs">
      <TextInput
        leftSection={<IconSearch size={16} />}
        label={t`Search states and events`}
        placeholder={t`e.g. loading, payment.sent, refused`}
        value={query}
        onChange={(event) => onQuery(event.currentTarget.value)}
        w={360}
        data-testid="chart-search"
      />
      {query.trim() !== '' && (
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="chart-matches">
          <Trans>{matches} matches</Trans>
        </Text>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <FlowChart
            svg={flow.svg}
            selectedStateId={stateId}
            onSelectState={(id) => {
              const state = flow.states.find((candidate) => candidate.id === id);
              if (state) onSelectPath(state.path);
            }}
            query={query}
            onMatches={setMatches}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="md">
            <ChartStatePanel flow={flow} stateId={stateId} />
            <GalleryPanel flowName={flow.name} stateId={stateId} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
