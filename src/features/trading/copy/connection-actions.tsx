// What the member does on /connection/{id} (issue 32): Settings (lot size, drawdown limit, quote asset; a limit at or
// below the drawdown reached warns that saving stops the copy), Pause or Resume, and Disconnect with a reason (1-400
// characters, with a counter). Each shows only where the status allows it; a refusal shows its text and way out.
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import * as page from '../../../../machines/trading/connection.selectors';
import { RouterAnchor } from '../../../components/router-links';
import { appErrorText } from '../../../lib/app-error-text';
import { DisconnectCard } from '../disconnect-card';
import { ConnectionContext } from './connection.contexts';
import { SettingsFields } from './link-request-fields';

function SettingsForm() {
  const actor = ConnectionContext.useActorRef();
  const connection = ConnectionContext.useSelector(page.selectConnection)!;
  const values = ConnectionContext.useSelector(page.selectValues);
  const errors = ConnectionContext.useSelector(page.selectFieldErrors);
  const ratio = ConnectionContext.useSelector(page.selectLotRatio);
  const saving = ConnectionContext.useSelector(page.selectSaving);
  const stops = ConnectionContext.useSelector(page.selectStopsOnSave);
  const drawdown = connection.drawdownPercent;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="connection-settings-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'settings.submit' });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h5" id="connection-settings-title">
            <Trans>Change the settings</Trans>
          </Title>
          <SettingsFields
            values={values}
            errors={errors}
            ratio={ratio}
            quoteAssets={[connection.strategy.quoteAsset]}
            readOnly={saving}
            autoFocus
            onChange={(field, value) => actor.send({ type: 'field.change', field, value })}
          />
          {stops && (
            <Alert color="orange" data-testid="settings-stops">
              <Text size="sm">
                <Trans>The drawdown is already {drawdown} %: with this limit, saving stops the copy at once (drawdown exceeded).</Trans>
              </Text>
            </Alert>
          )}
          <RefusalNote />
          <Group>
            <Button type="submit" loading={saving}>
              <Trans>Save the settings</Trans>
            </Button>
            <Button variant="default" disabled={saving} onClick={() => actor.send({ type: 'settings.cancel' })}>
              <Trans>Cancel</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function DisconnectForm() {
  const actor = ConnectionContext.useActorRef();
  const reason = ConnectionContext.useSelector(page.selectReason);
  const reasonError = ConnectionContext.useSelector(page.selectReasonError);
  const busy = ConnectionContext.useSelector(page.selectDisconnecting);
  return (
    <DisconnectCard
      titleId="connection-disconnect-title"
      title={<Trans>Disconnect from the strategy</Trans>}
      consequence={<Trans>No more trades are copied, and the account is free to follow another strategy. This cannot be undone.</Trans>}
      keepLabel={<Trans>Keep copying</Trans>}
      reason={reason}
      reasonError={reasonError}
      busy={busy}
      onReason={(value) => actor.send({ type: 'reason.change', value })}
      onConfirm={() => actor.send({ type: 'disconnect.confirm' })}
      onCancel={() => actor.send({ type: 'disconnect.cancel' })}
    />
  );
}

/** The last change refused by name: its text, and the invoices where paying them is the way out. */
function RefusalNote() {
  const refusal = ConnectionContext.useSelector(page.selectRefusal);
  if (!refusal) return null;
  return (
    <Alert color="red" role="alert" data-testid="connection-refusal" data-refusal={refusal}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{appErrorText({ code: 'server', reason: refusal })}</Text>
        {refusal !== 'ConnectionStateChanged' && (
          <RouterAnchor to="/invoices" size="sm">
            <Trans>See your invoices</Trans>
          </RouterAnchor>
        )}
      </Stack>
    </Alert>
  );
}

export function ConnectionActions() {
  const actor = ConnectionContext.useActorRef();
  const panel = ConnectionContext.useSelector(page.selectPanel);
  const canEdit = ConnectionContext.useSelector(page.selectCanEdit);
  const canPause = ConnectionContext.useSelector(page.selectCanPause);
  const canResume = ConnectionContext.useSelector(page.selectCanResume);
  const canDisconnect = ConnectionContext.useSelector(page.selectCanDisconnect);
  const pausing = ConnectionContext.useSelector(page.selectPausing);
  const resuming = ConnectionContext.useSelector(page.selectResuming);
  if (panel === 'settings') return <SettingsForm />;
  if (panel === 'disconnect') return <DisconnectForm />;
  const busy = pausing || resuming;
  return (
    <Stack gap="sm">
      <RefusalNote />
      <Group gap="sm">
        {(canEdit || busy) && (
          <Button variant="default" disabled={busy} onClick={() => actor.send({ type: 'settings.open' })}>
            <Trans>Settings</Trans>
          </Button>
        )}
        {(canPause || pausing) && (
          <Button variant="light" loading={pausing} disabled={resuming} onClick={() => actor.send({ type: 'connection.pause' })}>
            <Trans>Pause</Trans>
          </Button>
        )}
        {(canResume || resuming) && (
          <Button variant="light" loading={resuming} disabled={pausing} onClick={() => actor.send({ type: 'connection.resume' })}>
            <Trans>Resume</Trans>
          </Button>
        )}
        {(canDisconnect || busy) && (
          <Button variant="default" disabled={busy} onClick={() => actor.send({ type: 'disconnect.open' })}>
            <Trans>Disconnect</Trans>
          </Button>
        )}
      </Group>
    </Stack>
  );
}
