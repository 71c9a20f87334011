// A bank transfer was reported and the member chose another method: they confirm paying again, or go back and
// keep waiting for the bank.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import * as payment from '../../../../machines/payments/invoice-payment.selectors';
import { formatDate } from '../../../lib/format';
import { usePaymentActor, usePaymentSelector } from '../payments.contexts';
import { BackButton } from './back-button';
import { StepHeading } from './step-heading';

export function ConfirmAnotherStep() {
  const actor = usePaymentActor();
  const reportedAt = usePaymentSelector(payment.selectTransferReportedAt);
  return (
    <Stack gap="md">
      <StepHeading>
        <Trans>Pay again another way?</Trans>
      </StepHeading>
      <Alert color="orange" data-testid="payment-confirm-another">
        <Text size="sm">
          {reportedAt && (
            <Trans>
              You reported a bank transfer on {formatDate(reportedAt)}. It can take up to 3 banking days to arrive.
            </Trans>
          )}{' '}
          <Trans>If you pay another way as well, you pay twice; what arrives beyond the invoice goes to your balance.</Trans>
        </Text>
      </Alert>
      <Group justify="space-between">
        <BackButton />
        <Button onClick={() => actor.send({ type: 'payment.confirmAnother' })}>
          <Trans>Pay another way</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
