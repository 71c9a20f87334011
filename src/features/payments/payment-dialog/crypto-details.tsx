// Step 3 of a crypto gateway: the address, amount and QR code with the rate lock counting down, or, once the
// lock has ended, a new address at the rate of now.
import { Alert, Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { IconExternalLink } from '@tabler/icons-react';
import * as payment from '../../../../machines/payments/invoice-payment.selectors';
import { QrCode } from '../../../components/qr-code';
import { usePaymentActor, usePaymentSelector } from '../payments.contexts';
import { BackButton } from './back-button';
import { CopyRow } from './copy-row';
import { RateLock } from './rate-lock';
import { StepHeading } from './step-heading';

export function CryptoDetails() {
  const { t } = useLingui();
  const actor = usePaymentActor();
  const transaction = usePaymentSelector(payment.selectTransaction);
  const details = usePaymentSelector(payment.selectDetails);
  if (!transaction) return null;
  return (
    <Stack gap="md">
      <StepHeading>
        <Trans>Send exactly this amount to the address</Trans>
      </StepHeading>
      <Group align="flex-start" wrap="wrap" gap="md">
        <QrCode value={transaction.address} size={150} label={t`QR code of the address ${transaction.address}`} />
        <Table withRowBorders={false} style={{ flex: 1, minWidth: 220 }}>
          <Table.Tbody>
            <CopyRow label={t`Amount`} value={`${transaction.amount} ${transaction.currency}`} />
            <CopyRow label={t`Address`} value={transaction.address} />
          </Table.Tbody>
        </Table>
      </Group>
      {transaction.confirmsNeeded !== null && (
        <Text size="sm">
          <Plural value={transaction.confirmsNeeded} one="The payment counts after # network confirmation." other="The payment counts after # network confirmations." />
        </Text>
      )}
      {transaction.statusUrl && (
        <Anchor href={transaction.statusUrl} target="_blank" rel="noopener noreferrer" size="sm">
          <Trans>Payment status</Trans> <IconExternalLink size={14} aria-hidden />
        </Anchor>
      )}
      {details === 'crypto' ? (
        <RateLock />
      ) : (
        <Alert color="orange" role="status" data-testid="rate-lock-ended">
          <Trans>
            The 15-minute rate lock has ended. A payment sent now counts at the rate when it arrives; get a new address to
            pay at the rate of now.
          </Trans>
        </Alert>
      )}
      <Group justify="space-between">
        <BackButton />
        {details === 'crypto' ? (
          <Button onClick={() => actor.send({ type: 'payment.sent' })}>
            <Trans>I paid</Trans>
          </Button>
        ) : (
          <Button onClick={() => actor.send({ type: 'transaction.renew' })}>
            <Trans>Get a new address</Trans>
          </Button>
        )}
      </Group>
    </Stack>
  );
}
