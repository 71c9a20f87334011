// Disconnect on an account's page (issue 31): the member says why (1-400 characters, with a counter) and confirms;
// the reason's problem shows beside it, and the reason typed stays when the call fails.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import * as disconnect from '../../../machines/trading/account-disconnect.selectors';
import { ReasonField } from './reason-field';
import { AccountDisconnectContext } from './trading.contexts';

export function DisconnectAction() {
  const { t } = useLingui();
  const actor = AccountDisconnectContext.useActorRef();
  const open = AccountDisconnectContext.useSelector(disconnect.selectOpen);
  const busy = AccountDisconnectContext.useSelector(disconnect.selectBusy);
  const done = AccountDisconnectContext.useSelector(disconnect.selectDone);
  const reason = AccountDisconnectContext.useSelector(disconnect.selectReason);
  const reasonError = AccountDisconnectContext.useSelector(disconnect.selectReasonError);
  if (done) return null;
  if (!open) {
    return (
      <Group>
        <Button color="red" variant="outline" onClick={() => actor.send({ type: 'disconnect.open' })}>
          <Trans>Disconnect</Trans>
        </Button>
      </Group>
    );
  }
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="disconnect-title" w="100%">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'disconnect.confirm' });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h5" id="disconnect-title">
            <Trans>Disconnect the account</Trans>
          </Title>
          <Text size="sm">
            <Trans>The account stops trading through the portal. You can connect it again later with a key.</Trans>
          </Text>
          <ReasonField label={t`Reason`} value={reason} error={reasonError} busy={busy} onChange={(value) => actor.send({ type: 'reason.change', value })} />
          <Group>
            <Button type="submit" color="red" loading={busy}>
              <Trans>Disconnect</Trans>
            </Button>
            <Button variant="default" disabled={busy} onClick={() => actor.send({ type: 'disconnect.cancel' })}>
              <Trans>Keep connected</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
