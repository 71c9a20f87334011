// The button that mails the email code both two-factor changes ask for; after sending it waits (60 s, or the
// server's wait), counting down on the flow's own clock.
import { Button } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { ReadableClock } from '../../../lib/clock';
import { Countdown } from '../../../components/countdown';

export function EmailCodeButton({ deadline, sending, clock, onSend }: { deadline: number | null; sending: boolean; clock: ReadableClock; onSend: () => void }) {
  if (deadline !== null) {
    return (
      <Countdown
        deadline={deadline}
        clock={clock}
        render={(left) => (
          <Button variant="light" disabled>
            <Trans>Send again in {left}</Trans>
          </Button>
        )}
      />
    );
  }
  return (
    <Button variant="light" loading={sending} onClick={onSend}>
      <Trans>Send the email code</Trans>
    </Button>
  );
}
