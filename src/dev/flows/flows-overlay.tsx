// Dev overlay: a small toggle bottom-left listing the flows running in the page, each with its state and last
// events (secrets masked), and the built-in inspector: in this page (a panel, also opened by ?inspect) or in a
// second tab (/flows?view=live, fed over BroadcastChannel). Never in a production build.
import { useState } from 'react';
import { Affix, Anchor, Button, Code, Drawer, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryScope } from '../../app/router/query-scope';
import { LiveInspector } from '../inspector/inspector-panel';
import { payloadText } from '../inspector/inspector-format';
import { stateValueText, useLiveActors } from './live';

/** `?inspect` (but not `?inspect=stately`, the hosted one) opens the built-in inspector with the page. */
const inspectOnLoad = () => {
  const inspect = new URLSearchParams(window.location.search).get('inspect');
  return inspect !== null && inspect !== 'stately';
};

export default function FlowsOverlay() {
  const { t } = useLingui();
  const actors = useLiveActors().filter((actor) => actor.status === 'active');
  const [open, setOpen] = useState(false);
  const [inspecting, setInspecting] = useState(inspectOnLoad);
  return (
    <>
      <Affix position={{ bottom: 12, left: 12 }} zIndex={400}>
        <Stack gap={6} align="flex-start">
          {open && (
            <Paper withBorder shadow="md" p="sm" w={340} aria-label={t`Running flows`} component="section">
              <ScrollArea.Autosize mah={320}>
                <Stack gap="xs">
                  {actors.map((actor) => (
                    <div key={actor.key}>
                      <Text size="sm" fw={700}>
                        {actor.machineId}: <Code>{stateValueText(actor.value)}</Code>
                      </Text>
                      {actor.events.slice(0, 3).map((event) => (
                        <Text key={event.seq} size="xs" c="dimmed">
                          {event.type} {payloadText(event.payload)}
                        </Text>
                      ))}
                    </div>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
              <Group gap="sm" mt="xs">
                <Button size="xs" variant="light" onClick={() => setInspecting(true)}>
                  <Trans>Inspect here</Trans>
                </Button>
                {/* A plain link: the inspector tab is a page load of its own, beside this one. */}
                <Anchor href="/flows?view=live" target="_blank" rel="noopener" size="sm">
                  <Trans>Inspect in a new tab</Trans>
                </Anchor>
              </Group>
            </Paper>
          )}
          <Button size="xs" variant="default" onClick={() => setOpen((value) => !value)} aria-expanded={open}>
            <Trans>Flows ({actors.length})</Trans>
          </Button>
        </Stack>
      </Affix>
      <Drawer opened={inspecting} onClose={() => setInspecting(false)} position="bottom" size="75%" title={t`Flow inspector`} zIndex={450}>
        {inspecting && (
          <QueryScope>
            <LiveInspector chartHeight={300} />
          </QueryScope>
        )}
      </Drawer>
    </>
  );
}
