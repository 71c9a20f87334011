// Step 1: the balance or one of the tenant's gateways, with what is to pay for the method chosen.
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import * as payment from '../../../../machines/payments/invoice-payment.selectors';
import type { PaymentMethod } from '../../../../machines/payments/payments.types';
import { formatMoney } from '../../../lib/format';
import { usePaymentActor, usePaymentSelector } from '../payments.contexts';
import { Messages } from './messages';
import { StepHeading } from './step-heading';

export function MethodStep() {
  const { t } = useLingui();
  const actor = usePaymentActor();
  const methods = usePaymentSelector(payment.selectMethods);
  const gateways = usePaymentSelector(payment.selectGateways);
  const method = usePaymentSelector(payment.selectMethod);
  const busy = usePaymentSelector(payment.selectBusy);
  const invoice = usePaymentSelector(payment.selectInvoice);
  const due = usePaymentSelector(payment.selectDue);
  const dueFee = usePaymentSelector(payment.selectDueFee);
  const nameOf = (value: PaymentMethod) =>
    value === 'balance' ? t`Balance (${invoice?.currency ?? ''})` : (gateways.find((gateway) => gateway.module === value)?.name ?? value);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'method.continue' });
      }}
    >
      <Stack gap="md">
        <StepHeading>
          <Trans>How do you want to pay?</Trans>
        </StepHeading>
        {invoice && due && (
          <Text data-testid="payment-due">
            {dueFee ? (
              <Trans>
                To pay: {formatMoney(due, invoice.currency)}, including the {nameOf(method!)} fee of {formatMoney(dueFee, invoice.currency)}
              </Trans>
            ) : (
              <Trans>To pay: {formatMoney(due, invoice.currency)}</Trans>
            )}
          </Text>
        )}
        <Radio.Group
          label={t`Payment method`}
          value={method}
          onChange={(value) => actor.send({ type: 'method.select', method: value as PaymentMethod })}
        >
          <Stack gap="xs" mt="xs">
            {methods.map((value) => (
              <Radio key={value} value={value} label={nameOf(value)} disabled={busy} />
            ))}
          </Stack>
        </Radio.Group>
        <Messages />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {method === 'balance' ? <Trans>Pay</Trans> : <Trans>Continue</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
