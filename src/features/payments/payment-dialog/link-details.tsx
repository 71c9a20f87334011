// Step 3 of payport and prodamus: the gateway's payment page, in a new tab; the dialog waits for the payment.
import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { IconExternalLink } from '@tabler/icons-react';
import * as payment from '../../../../machines/payments/invoice-payment.selectors';
import { usePaymentSelector } from '../payments.contexts';
import { BackButton } from './back-button';
import { StepHeading } from './step-heading';

export function LinkDetails() {
  const link = usePaymentSelector(payment.selectLink);
  return (
    <Stack gap="md">
      <StepHeading>
        <Trans>Pay on the payment page</Trans>
      </StepHeading>
      <Text>
        <Trans>The payment page opens in a new tab. This dialog goes on by itself once the payment arrives.</Trans>
      </Text>
      {link && (
        <Button component="a" href={link} target="_blank" rel="noopener noreferrer" rightSection={<IconExternalLink size={16} aria-hidden />}>
          <Trans>Open the payment page</Trans>
        </Button>
      )}
      <Group>
        <BackButton />
      </Group>
    </Stack>
  );
}
