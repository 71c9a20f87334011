// Step 1: the balance or one of the tenant's gateways, with what is to pay for the method chosen. Before a
// choice each method tells its fee and the resulting total (the server's figures, charged as told), and Balance
// what it has available; a balance that is short says so (spec §8) with a Deposit of what it lacks, which comes
// back to this payment once paid.
import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import * as payment from '../../../../machines/payments/invoice-payment.selectors';
import { depositAmountFor } from '../../../../machines/payments/deposit.schema';
import type { PaymentMethod } from '../../../../machines/payments/payments.types';
import { isZero } from '../../../../domain/money';
import { appErrorText } from '../../../lib/app-error-text';
import { formatMoney } from '../../../lib/format';
import { usePaymentActor, usePaymentSelector } from '../payments.contexts';
import { gatewayModuleText } from '../payments.messages';
import { Messages } from './messages';
import { StepHeading } from './step-heading';

/** What a method would charge (its fee and the total) and, for the balance, what it has available. */
function MethodFigures({ method, currency }: { method: PaymentMethod; currency: string }) {
  const { t } = useLingui();
  const price = usePaymentSelector(payment.selectPriceOf(method));
  const balance = usePaymentSelector(payment.selectBalance);
  const parts = [
    ...(method === 'balance' && balance !== null ? [t`Available: ${formatMoney(balance, currency)}`] : []),
    ...(price
      ? [
          isZero(price.fees)
            ? t`No fee, total ${formatMoney(price.total, currency)}`
            : t`Fee ${formatMoney(price.fees, currency)}, total ${formatMoney(price.total, currency)}`,
        ]
      : []),
  ];
  return parts.length > 0 ? <span data-testid={`payment-figures-${method}`}>{parts.join(' · ')}</span> : null;
}

/** The balance is short: the spec's text and a Deposit of what it lacks. */
function BalanceShort({ shortfall, currency }: { shortfall: string; currency: string }) {
  const actor = usePaymentActor();
  const amount = formatMoney(depositAmountFor(shortfall), currency);
  return (
    <Alert color="orange" data-testid="payment-balance-short">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{appErrorText({ code: 'server', reason: 'InsufficientBalance' })}</Text>
        <Button size="compact-md" variant="outline" onClick={() => actor.send({ type: 'deposit.start' })}>
          <Trans>Deposit {amount}</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}

export function MethodStep() {
  const { t, i18n } = useLingui();
  const actor = usePaymentActor();
  const methods = usePaymentSelector(payment.selectMethods);
  const gateways = usePaymentSelector(payment.selectGateways);
  const method = usePaymentSelector(payment.selectMethod);
  const busy = usePaymentSelector(payment.selectBusy);
  const invoice = usePaymentSelector(payment.selectInvoice);
  const due = usePaymentSelector(payment.selectDue);
  const dueFee = usePaymentSelector(payment.selectDueFee);
  const shortfall = usePaymentSelector(payment.selectShortfall);
  const nameOf = (value: PaymentMethod) =>
    value === 'balance' ? t`Balance (${invoice?.currency ?? ''})` : (gateways.find((gateway) => gateway.module === value)?.name ?? i18n._(gatewayModuleText[value]));
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
              <Radio
                key={value}
                value={value}
                label={nameOf(value)}
                description={invoice && <MethodFigures method={value} currency={invoice.currency} />}
                disabled={busy}
              />
            ))}
          </Stack>
        </Radio.Group>
        {invoice && shortfall && <BalanceShort shortfall={shortfall} currency={invoice.currency} />}
        <Messages />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={shortfall !== null}>
            {method === 'balance' ? <Trans>Pay</Trans> : <Trans>Continue</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
