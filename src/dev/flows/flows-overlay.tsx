// Dev overlay: a small toggle bottom-left listing the flows running in the page, each with its state and
// last events (secrets masked). Never in a production build.
import { useState } from 'react';
import { Affix, Button, Code, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { RouterAnchor } from '../../components/router-links';
import { stateValueText, useLiveActors } from './live';

export default function FlowsOverlay() {
  const { t } = useLingui();
  const actors = useLiveActors();
  const [open, setOpen] = useState(false);
  return (
    <Affix position={{ bottom: 12, left: 12 }} zIndex={400}>
      <Stack gap={6} align="flex-start">
        {open && (
          <Paper withBorder shadow="md" p="sm" w={340} aria-label={t`Running flows`}>
            <ScrollArea.Autosize mah={320}>
              <Stack gap="xs">
                {actors.map((actor) => (
                  <div key={actor.sessionId}>
                    <Text size="sm" fw={700}>
                      {actor.machineId}: <Code>{stateValueText(actor.value)}</Code>
                    </Text>
                    {actor.events.slice(0, 3).map((event, index) => (
                      <Text key={`${event.at}-${index}`} size="xs" c="dimmed">
                        {event.type} {JSON.stringify(event.payload)}
                      </Text>
                    ))}
                  </div>
                ))}
              </Stack>
            </ScrollArea.Autosize>
            <RouterAnchor to="/flows" search={{ view: 'live' }} size="sm">
              <Trans>Open the flows page</Trans>
            </RouterAnchor>
          </Paper>
        )}
        <Button size="xs" variant="default" onClick={() => setOpen((value) => !value)} aria-expanded={open}>
          <Trans>Flows ({actors.length})</Trans>
        </Button>
      </Stack>
    </Affix>
  );
}
