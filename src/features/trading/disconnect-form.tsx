// Disconnect on an account's page (issue 31): the member says why (1-400 characters, with a counter) and confirms;
// the reason's problem shows beside it, and the reason typed stays when the call fails.
import { Button, Group } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import * as disconnect from '../../../machines/trading/account-disconnect.selectors';
import { DisconnectCard } from './disconnect-card';
import { AccountDisconnectContext } from './trading.contexts';

export function DisconnectAction() {
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
    <DisconnectCard
      titleId="disconnect-title"
      title={<Trans>Disconnect the account</Trans>}
      consequence={<Trans>The account stops trading through the portal. You can connect it again later with a key.</Trans>}
      keepLabel={<Trans>Keep connected</Trans>}
      reason={reason}
      reasonError={reasonError}
      busy={busy}
      onReason={(value) => actor.send({ type: 'reason.change', value })}
      onConfirm={() => actor.send({ type: 'disconnect.confirm' })}
      onCancel={() => actor.send({ type: 'disconnect.cancel' })}
    />
  );
}
