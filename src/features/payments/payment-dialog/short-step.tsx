// A payment arrived short, or late at a lower rate: what arrived, what is still due, and pay the difference.
import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import * as payment from '../../../../machines/payments/invoice-payment.selectors';
import { formatMoney } from '../../../lib/format';
import { usePaymentActor, usePaymentSelector } from '../payments.contexts';
import { StepHeading } from './step-heading';

export function ShortStep() {
  const actor = usePaymentActor();
  const invoice = usePaymentSelector(payment.selectInvoice);
  if (!invoice) return null;
  const late = invoice.payments.some((arrived) => arrived.late);
  return (
    <Stack gap="md">
      <StepHeading>
        <Trans>Part of the payment is still due</Trans>
      </StepHeading>
      <Text role="status" data-testid="payment-short">
        {late ? (
          <Trans>
            Your payment arrived after the rate lock and counts for {formatMoney(invoice.amountPaid, invoice.currency)}. Still due:{' '}
            {formatMoney(invoice.amountDue, invoice.currency)}.
          </Trans>
        ) : (
          <Trans>
            {formatMoney(invoice.amountPaid, invoice.currency)} arrived. Still due: {formatMoney(invoice.amountDue, invoice.currency)}.
          </Trans>
        )}
      </Text>
      <Group justify="flex-end">
        <Button onClick={() => actor.send({ type: 'difference.pay' })}>
          <Trans>Pay the difference</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
