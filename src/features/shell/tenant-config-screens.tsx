// What the tenant config flow shows (spec §2 "Route guard", §8): a loader while the provider settings load at
// start, and the 408 screen's Try again while there are none (busy while they are asked for again).
import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { tenantConfigMachine } from '../../../machines/shell/tenant-config.machine';
import { selectCanRetry, selectRetrying } from '../../../machines/shell/tenant-config.selectors';
import { RequestTimeoutScreen } from './error-screens';

export function BootLoader() {
  const { t } = useLingui();
  return (
    <Center h="100dvh" aria-busy="true">
      <Loader aria-label={t`Loading`} />
    </Center>
  );
}

export function RequestTimeoutRetry({ actor }: { actor: ActorRefFrom<typeof tenantConfigMachine> }) {
  const canRetry = useSelector(actor, selectCanRetry);
  const retrying = useSelector(actor, selectRetrying);
  return (
    <RequestTimeoutScreen
      onRetry={canRetry || retrying ? () => actor.send({ type: 'config.retry' }) : undefined}
      retrying={retrying}
    />
  );
}
