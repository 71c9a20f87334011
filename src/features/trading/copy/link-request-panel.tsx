// The Connect panel on a strategy's page (issue 32): why the member cannot follow it (with the way out), the form
// (account, lot size, drawdown limit, quote asset), then the request pending with the trader's 24-hour review counted
// down, the key being linked within 48 hours, and the connection with a link to its page; declined shows the trader's
// reason, expired or failed offers to ask again. It reads its flow (LinkRequestContext) from the provider around it, and
// sits in the strategy page's "Follow this strategy" card (its heading one level below the card's).
import type { ReactNode } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { shallowEqual } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import * as link from '../../../../machines/trading/link-request.selectors';
import type { PanelRefusal, SubmitRefusal } from '../../../../machines/trading/link-request.schema';
import { TimeLeft } from '../../../components/countdown';
import { LoadError, Loading } from '../../../components/load-state';
import { RouterAnchor, RouterButton } from '../../../components/router-links';
import { StatusBadge } from '../../../components/status-badge';
import { appErrorText } from '../../../lib/app-error-text';
import { clockOf } from '../../../lib/clock';
import { fieldErrorText } from '../../../lib/field-errors';
import { formatMoney } from '../../../lib/format';
import { connectionStatusNames, requestStatusNames } from './connection.messages';
import { SettingsFields } from './link-request-fields';
import { LinkRequestContext } from './link-request.contexts';
import { KeyTimeLeft, SettingsSummary } from './link-request-summary';
import type { ConnectStrategy } from './strategy-page';

/** Where a refusal's way out leads. */
function WayOut({ refusal }: { refusal: PanelRefusal | SubmitRefusal }) {
  switch (refusal) {
    case 'OverdueInvoices':
    case 'AccountNotActive':
      return <RouterAnchor to="/invoices" size="sm"><Trans>See your invoices</Trans></RouterAnchor>;
    case 'LinkingLimitReached':
      return <RouterAnchor to="/tariffs" size="sm"><Trans>See the tariffs</Trans></RouterAnchor>;
    case 'NoEligibleAccount':
    case 'BelowMinimumDeposit':
      return <RouterAnchor to="/my-accounts" size="sm"><Trans>Go to your accounts</Trans></RouterAnchor>;
    case 'StrategyFull':
    case 'StrategyInProbation':
      return <RouterAnchor to="/copy-trading/{-$id}" params={{}} size="sm"><Trans>See other strategies</Trans></RouterAnchor>;
    case 'OwnStrategy':
      return <RouterAnchor to="/investors" size="sm"><Trans>See your followers</Trans></RouterAnchor>;
    default:
      return null;
  }
}

function RefusalText({ refusal }: { refusal: PanelRefusal | SubmitRefusal }) {
  const strategy = LinkRequestContext.useSelector(link.selectStrategy);
  if (refusal !== 'NoEligibleAccount') return <>{appErrorText({ code: 'server', reason: refusal })}</>;
  const minimum = formatMoney(strategy.minDeposit, strategy.quoteAsset);
  return (
    <Trans>
      None of your accounts can follow this strategy: it needs a connected account with at least {minimum} that follows no other strategy.
    </Trans>
  );
}

function Refused({ refusal }: { refusal: PanelRefusal }) {
  const actor = LinkRequestContext.useActorRef();
  return (
    <Alert color="blue" data-testid="link-refused" data-refusal={refusal}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm"><RefusalText refusal={refusal} /></Text>
        <Group gap="md">
          <WayOut refusal={refusal} />
          <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'load.retry' })}>
            <Trans>Check again</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function LinkForm() {
  const { t } = useLingui();
  const actor = LinkRequestContext.useActorRef();
  const strategy = LinkRequestContext.useSelector(link.selectStrategy);
  const values = LinkRequestContext.useSelector(link.selectValues);
  const errors = LinkRequestContext.useSelector(link.selectFieldErrors);
  const accounts = LinkRequestContext.useSelector(link.selectAccounts, shallowEqual);
  const ratio = LinkRequestContext.useSelector(link.selectLotRatio);
  const busy = LinkRequestContext.useSelector(link.selectBusy);
  const refusal = LinkRequestContext.useSelector(link.selectSubmitRefusal);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'request.submit' });
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>The trader reviews your request within 24 hours.</Trans>
        </Text>
        <NativeSelect
          label={t`Account`}
          required
          value={values.accountId}
          disabled={busy}
          error={fieldErrorText(errors.accountId)}
          description={t`Connected accounts that meet the minimum deposit and follow no other strategy.`}
          data={[
            { value: '', label: t`Choose an account` },
            ...accounts.map((account) => ({
              value: account.id,
              label: account.balance ? `${account.name} · ${account.exchangeName} · ${formatMoney(account.balance.amount, account.balance.currency)}` : `${account.name} · ${account.exchangeName}`,
            })),
          ]}
          data-testid="link-account"
          onChange={(event) => actor.send({ type: 'field.change', field: 'accountId', value: event.currentTarget.value })}
        />
        <SettingsFields
          values={values}
          errors={errors}
          ratio={ratio}
          quoteAssets={[strategy.quoteAsset]}
          readOnly={busy}
          onChange={(field, value) => actor.send({ type: 'field.change', field, value })}
        />
        {refusal && (
          <Alert color="red" role="alert" data-testid="link-submit-refusal" data-refusal={refusal}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm"><RefusalText refusal={refusal} /></Text>
              <WayOut refusal={refusal} />
            </Stack>
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            <Trans>Ask to follow</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AskAgain() {
  const actor = LinkRequestContext.useActorRef();
  return (
    <Group>
      <Button variant="light" onClick={() => actor.send({ type: 'request.again' })}>
        <Trans>Ask again</Trans>
      </Button>
    </Group>
  );
}

function RequestState({ step }: { step: 'pending' | 'declined' | 'expired' }) {
  const { i18n } = useLingui();
  const actor = LinkRequestContext.useActorRef();
  const request = LinkRequestContext.useSelector(link.selectRequest);
  if (!request) return null;
  const account = request.accountName;
  if (step === 'declined') {
    return (
      <Stack gap="sm" data-testid="link-declined">
        <Alert color="red">
          <Text size="sm"><Trans>The trader declined your request.</Trans></Text>
          {request.declineReason && <Text size="sm"><Trans>Reason: {request.declineReason}</Trans></Text>}
        </Alert>
        <AskAgain />
      </Stack>
    );
  }
  if (step === 'expired') {
    return (
      <Stack gap="sm" data-testid="link-expired">
        <Alert color="gray">
          <Text size="sm"><Trans>The trader did not review your request within 24 hours, so it expired.</Trans></Text>
        </Alert>
        <AskAgain />
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="link-pending">
      <Group gap="xs">
        <StatusBadge status="pending" label={i18n._(requestStatusNames.pending)} />
        <Text size="sm"><Trans>Request sent with {account}. The trader reviews it within 24 hours.</Trans></Text>
      </Group>
      <Text size="sm" role="timer" aria-live="off" data-testid="review-time-left">
        <Trans>Time left to review:</Trans>{' '}
        <Text span fw={600}>
          <TimeLeft deadline={Date.parse(request.reviewDeadline)} clock={clockOf(actor)} ended={<Trans>none; the request expires shortly</Trans>} />
        </Text>
      </Text>
      <SettingsSummary settings={request.settings} />
    </Stack>
  );
}

function ConnectionState({ step }: { step: 'keyPending' | 'linked' | 'connectionEnded' }) {
  const { i18n } = useLingui();
  const actor = LinkRequestContext.useActorRef();
  const connection = LinkRequestContext.useSelector(link.selectConnection);
  if (step === 'connectionEnded') {
    return (
      <Stack gap="sm" data-testid="link-ended">
        <Alert color="red">
          <Text size="sm">
            {connection?.status === 'disconnected' ? (
              <Trans>Your connection to this strategy was disconnected.</Trans>
            ) : (
              <Trans>Your connection to this strategy failed: the key was not linked within 48 hours.</Trans>
            )}
          </Text>
        </Alert>
        <AskAgain />
      </Stack>
    );
  }
  if (step === 'keyPending') {
    return (
      <Stack gap="sm" data-testid="link-key-pending">
        <Text size="sm"><Trans>The trader accepted your request. Your key is being linked to the strategy.</Trans></Text>
        {connection?.keyDeadline && <KeyTimeLeft deadline={connection.keyDeadline} clock={clockOf(actor)} />}
      </Stack>
    );
  }
  if (!connection) return null;
  const account = connection.accountName;
  return (
    <Stack gap="sm" align="flex-start" data-testid="link-linked">
      <Group gap="xs">
        <StatusBadge status={connection.status} label={i18n._(connectionStatusNames[connection.status])} />
        <Text size="sm"><Trans>You follow this strategy with {account}.</Trans></Text>
      </Group>
      <RouterButton to="/connection/$id" params={{ id: connection.id }} size="xs" variant="light">
        <Trans>Open the connection</Trans>
      </RouterButton>
    </Stack>
  );
}

/** The panel: its heading names the strategy; the step shows below it. */
export function LinkRequestPanel({ strategy }: { strategy: ConnectStrategy }) {
  const actor = LinkRequestContext.useActorRef();
  const step = LinkRequestContext.useSelector(link.selectStep);
  const refusal = LinkRequestContext.useSelector(link.selectRefusal);
  const name = strategy.name;
  let body: ReactNode = null;
  if (step === 'loading') body = <Loading label={<Trans>Checking what linking needs…</Trans>} />;
  else if (step === 'loadFailed') body = <LoadError what={<Trans>What linking needs could not be loaded.</Trans>} retry={() => actor.send({ type: 'load.retry' })} />;
  else if (step === 'refused' && refusal) body = <Refused refusal={refusal} />;
  else if (step === 'editing') body = <LinkForm />;
  else if (step === 'pending' || step === 'declined' || step === 'expired') body = <RequestState step={step} />;
  else if (step === 'keyPending' || step === 'linked' || step === 'connectionEnded') body = <ConnectionState step={step} />;
  return (
    <Stack gap="sm" component="section" aria-labelledby="link-request-title" data-testid="link-request-panel" data-step={step}>
      <Title order={4} size="h5" id="link-request-title">
        <Trans>Copy {name}</Trans>
      </Title>
      {body}
    </Stack>
  );
}
