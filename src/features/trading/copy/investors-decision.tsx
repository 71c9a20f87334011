// A pending request's Accept and Decline on /investors (issue 32): Decline asks for the reason (1-400 characters, with
// a counter) before it is sent; a request decided or expired meanwhile says so; a full strategy says so on Accept.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import * as decision from '../../../../machines/trading/request-decision.selectors';
import { appErrorText } from '../../../lib/app-error-text';
import { ReasonField } from '../reason-field';
import { RequestDecisionContext } from './investors.contexts';

function DeclineForm({ memberName }: { memberName: string }) {
  const { t } = useLingui();
  const actor = RequestDecisionContext.useActorRef();
  const reason = RequestDecisionContext.useSelector(decision.selectReason);
  const reasonError = RequestDecisionContext.useSelector(decision.selectReasonError);
  const busy = RequestDecisionContext.useSelector(decision.selectBusy);
  return (
    <form
      noValidate
      aria-label={t`Decline ${memberName}’s request`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'decline.confirm' });
      }}
    >
      <Stack gap="xs">
        <ReasonField
          label={t`Reason to decline`}
          value={reason}
          error={reasonError}
          busy={busy}
          rows={2}
          note={<Trans>The member sees it.</Trans>}
          onChange={(value) => actor.send({ type: 'reason.change', value })}
        />
        <Group gap="sm">
          <Button type="submit" color="red.9" size="xs" loading={busy}>
            <Trans>Decline</Trans>
          </Button>
          <Button variant="default" size="xs" disabled={busy} onClick={() => actor.send({ type: 'decline.cancel' })}>
            <Trans>Back</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function RequestDecision({ memberName }: { memberName: string }) {
  const { t } = useLingui();
  const actor = RequestDecisionContext.useActorRef();
  const step = RequestDecisionContext.useSelector(decision.selectStep);
  const refusal = RequestDecisionContext.useSelector(decision.selectRefusal);
  const decided = RequestDecisionContext.useSelector(decision.selectDecision);
  if (step === 'decided') {
    return (
      <Text size="sm" fw={600} role="status" data-testid="request-decided">
        {decided === 'declined' ? <Trans>Declined.</Trans> : <Trans>Accepted: the follower’s key is linked within 48 hours.</Trans>}
      </Text>
    );
  }
  if (step === 'alreadyDecided') {
    return (
      <Alert color="gray" role="status" data-testid="request-already-decided">
        <Text size="sm">{appErrorText({ code: 'server', reason: 'RequestDecided' })}</Text>
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {refusal && step === 'idle' && (
        <Alert color="red" role="alert" data-testid="request-refusal">
          <Text size="sm">{appErrorText({ code: 'server', reason: refusal })}</Text>
        </Alert>
      )}
      {step === 'declining' ? (
        <DeclineForm memberName={memberName} />
      ) : (
        <Group gap="sm">
          <Button size="xs" loading={step === 'accepting'} aria-label={t`Accept ${memberName}’s request`} onClick={() => actor.send({ type: 'request.accept' })}>
            <Trans>Accept</Trans>
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={step === 'accepting'}
            aria-label={t`Decline ${memberName}’s request`}
            onClick={() => actor.send({ type: 'decline.open' })}
          >
            <Trans>Decline</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}
