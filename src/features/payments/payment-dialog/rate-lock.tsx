// The time left of the rate lock: shown every second, announced to screen readers once a minute.
import { Text } from '@mantine/core';
import { Plural, Trans } from '@lingui/react/macro';
import * as payment from '../../../../machines/payments/invoice-payment.selectors';
import { Countdown } from '../../../components/countdown';
import { clockOf } from '../../../lib/clock';
import { usePaymentActor, usePaymentSelector } from '../payments.contexts';

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export function RateLock() {
  const actor = usePaymentActor();
  const deadline = usePaymentSelector(payment.selectDeadline);
  if (deadline === null) return null;
  return (
    <Countdown
      deadline={deadline}
      clock={clockOf(actor)}
      render={(left) => (
        <>
          <Text fw={600} data-testid="rate-lock" aria-hidden>
            <Trans>Rate locked for {left}</Trans>
          </Text>
          <span role="status" aria-live="polite" className="visually-hidden" style={visuallyHidden}>
            <Plural value={Number(left.split(':')[0])} one="Rate locked for # more minute" other="Rate locked for # more minutes" />
          </span>
        </>
      )}
    />
  );
}
