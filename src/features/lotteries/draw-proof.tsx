// A drawn raffle's proof (issue 29, "a draw anyone can verify"): the seed hash published when the raffle was made,
// the seed published after the draw, the sold tickets the draw took, and "Verify the draw", which recomputes the
// hash and the winners in this browser by the published rule and says whether they match.
import { Alert, Button, Code, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import * as verify from '../../../machines/lotteries/verify-draw.selectors';
import { VerifyDrawContext } from './lotteries.contexts';

/** Long hex strings wrap rather than scroll: the whole value stays readable on a phone, and nothing needs focus to scroll. */
const wrapped = { whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

export function DrawProof() {
  const actor = VerifyDrawContext.useActorRef();
  const proof = VerifyDrawContext.useSelector(verify.selectProof);
  const verifying = VerifyDrawContext.useSelector(verify.selectVerifying);
  const matched = VerifyDrawContext.useSelector(verify.selectMatched);
  const mismatch = VerifyDrawContext.useSelector(verify.selectMismatch);
  const failed = VerifyDrawContext.useSelector(verify.selectFailed);
  return (
    <Stack gap="xs" component="section" aria-labelledby="proof-title" data-testid="draw-proof">
      <Title order={3} size="h5" id="proof-title">
        <Trans>The proof</Trans>
      </Title>
      <Text size="sm">
        <Trans>
          Before any ticket was sold, the raffle published the SHA-256 hash of a secret seed. The winners follow from the seed and the sold tickets by a
          published rule (HMAC-SHA-256, each ticket equally likely), so anyone can check them.
        </Trans>
      </Text>
      <Text size="xs" c="dimmed">
        <Trans>Seed hash</Trans>
      </Text>
      <Code block data-testid="proof-hash" style={wrapped}>
        {proof.seedHash}
      </Code>
      <Text size="xs" c="dimmed">
        <Trans>Seed</Trans>
      </Text>
      <Code block data-testid="proof-seed" style={wrapped}>
        {proof.seed}
      </Code>
      <Text size="xs" c="dimmed">
        <Trans>Tickets in the draw: {proof.tickets.length}</Trans>
      </Text>
      <Button variant="light" onClick={() => actor.send({ type: 'verify' })} loading={verifying} style={{ alignSelf: 'flex-start' }}>
        <Trans>Verify the draw</Trans>
      </Button>
      <div aria-live="polite">
        {matched && (
          <Alert color="green" data-testid="proof-result">
            <Trans>It matches: the seed gives the published hash, and the rule picks exactly these winners.</Trans>
          </Alert>
        )}
        {mismatch && (
          <Alert color="red" data-testid="proof-result">
            {!mismatch.hashMatches ? (
              <Trans>It does not match: the seed does not give the published hash.</Trans>
            ) : (
              <Trans>It does not match: the rule picks tickets {mismatch.recomputed.map((ticket) => `#${ticket}`).join(', ')}.</Trans>
            )}
          </Alert>
        )}
        {failed && (
          <Alert color="yellow" data-testid="proof-result">
            <Trans>This browser cannot compute the check. Any SHA-256 and HMAC-SHA-256 tool gives the same result from the seed above.</Trans>
          </Alert>
        )}
      </div>
    </Stack>
  );
}
