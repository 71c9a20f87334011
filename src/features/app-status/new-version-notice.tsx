// The new-version notice shown instead of the dialog while a form or payment is in progress.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { appStateMachine } from '../../../machines/app-status/app-state.machine';
import { selectNewVersionNotice } from '../../../machines/app-status/app-state.selectors';
import { AppStateActorContext } from './app-status.contexts';

/** While a form or payment is in progress the new version only says so, and lets the member choose. */
export function NewVersionNotice() {
  const actor = useContext(AppStateActorContext);
  // Until the app-state flow has started there is nothing to say.
  return actor ? <Notice actor={actor} /> : null;
}

function Notice({ actor }: { actor: ActorRefFrom<typeof appStateMachine> }) {
  const waiting = useSelector(actor, selectNewVersionNotice);
  if (!waiting) return null;
  return (
    <Alert color="blue" role="status" data-testid="new-version-notice" mb="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          <Trans>A new version is available. Finish what you are doing first: reloading now would lose what you typed.</Trans>
        </Text>
        <Button size="xs" variant="light" onClick={() => actor.send({ type: 'reload.confirm' })}>
          <Trans>Reload now</Trans>
        </Button>
      </Group>
    </Alert>
  );
}

