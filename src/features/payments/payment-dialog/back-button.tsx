// Back to the step before, when the flow takes it.
import { Button } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import * as payment from '../../../../machines/payments/invoice-payment.selectors';
import { usePaymentActor, usePaymentSelector } from '../payments.contexts';

export function BackButton() {
  const actor = usePaymentActor();
  const canGoBack = usePaymentSelector(payment.selectCanGoBack);
  const busy = usePaymentSelector(payment.selectBusy);
  return (
    <Button variant="default" onClick={() => actor.send({ type: 'step.back' })} disabled={!canGoBack || busy}>
      <Trans>Back</Trans>
    </Button>
  );
}
