// Step 4: waiting for the payment to arrive (crypto within minutes, a bank transfer within banking days).
import { Loader, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import * as payment from '../../../../machines/payments/invoice-payment.selectors';
import { usePaymentSelector } from '../payments.contexts';
import { StepHeading } from './step-heading';

export function WaitingStep() {
  const method = usePaymentSelector(payment.selectMethod);
  return (
    <Stack gap="md" align="center">
      <StepHeading>
        <Trans>Waiting for your payment</Trans>
      </StepHeading>
      <Loader aria-hidden />
      <Text role="status" ta="center">
        {method === 'coinpayments' || method === 'cpay' ? (
          <Trans>Crypto payments usually arrive within 1-15 minutes. This dialog goes on by itself once it is here.</Trans>
        ) : (
          <Trans>A bank transfer takes up to 3 banking days. The invoice shows as paid once it arrives.</Trans>
        )}
      </Text>
    </Stack>
  );
}
