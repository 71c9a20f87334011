// Step 3 of a bank transfer: the bank details to copy, how the member transfers (required), and I paid (which
// the invoice remembers).
import { Button, Group, Radio, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import * as payment from '../../../../machines/payments/invoice-payment.selectors';
import { formatMoney } from '../../../lib/format';
import { usePaymentActor, usePaymentSelector } from '../payments.contexts';
import { transferMethodText } from '../payments.messages';
import { BackButton } from './back-button';
import { CopyRow } from './copy-row';
import { Messages } from './messages';
import { StepHeading } from './step-heading';

export function BankDetails() {
  const { t, i18n } = useLingui();
  const actor = usePaymentActor();
  const bank = usePaymentSelector(payment.selectBank);
  const methods = usePaymentSelector(payment.selectTransferMethods);
  const chosen = usePaymentSelector(payment.selectTransferMethod);
  const invoice = usePaymentSelector(payment.selectInvoice);
  const busy = usePaymentSelector(payment.selectBusy);
  const rows: [string, string | null | undefined][] = bank
    ? [
        [t`Recipient`, bank.name],
        [t`Recipient's address`, bank.address],
        [t`Bank`, bank.bankName],
        [t`Bank address`, bank.bankAddress],
        [t`IBAN`, bank.iban],
        [t`SWIFT`, bank.swift],
        [t`BIC`, bank.bic],
        [t`Card number`, bank.cardNumber],
        [t`Payment reference`, invoice?.tag],
      ]
    : [];
  return (
    <Stack gap="md">
      <StepHeading>
        <Trans>Bank transfer</Trans>
      </StepHeading>
      {invoice && (
        <Text>
          <Trans>
            Transfer {formatMoney(invoice.amountDue, invoice.currency)} with the reference {invoice.tag}.
          </Trans>
        </Text>
      )}
      <Table withRowBorders={false} data-testid="bank-details">
        <Table.Tbody>
          {rows.flatMap(([label, value]) => (value ? [<CopyRow key={label} label={label} value={value} />] : []))}
        </Table.Tbody>
      </Table>
      <Radio.Group
        label={t`How do you make the transfer?`}
        value={chosen}
        onChange={(value) => actor.send({ type: 'transfer.select', method: value as 'account' | 'card' })}
      >
        <Stack gap="xs" mt="xs">
          {methods.map((method) => (
            <Radio key={method} value={method} label={i18n._(transferMethodText[method])} />
          ))}
        </Stack>
      </Radio.Group>
      <Messages />
      <Group justify="space-between">
        <BackButton />
        <Button onClick={() => actor.send({ type: 'payment.sent' })} loading={busy}>
          <Trans>I paid</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
