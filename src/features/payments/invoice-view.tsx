// An invoice (spec §2 "/invoice/{id}", "/gateway/pay/{id}", §3 "Invoice"): payee, payer, items, promo code,
// fees (named by their gateway), taxes, penalty, total, due date, what has arrived and what is still due, a bank
// transfer the member reported and waits on, with Pay opening the payment
// dialog (the flow opens it at once with ?pay=true, as tariffs and the cart's checkout ask). The page's
// payment flow (InvoicePaymentContext) names the invoice.
import { Alert, Box, Button, Card, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import * as payment from '../../../machines/payments/invoice-payment.selectors';
import { isZero } from '../../../domain/money';
import { invoiceQueryOptions, type Invoice } from '../../api/payments';
import { StatusBadge } from '../../components/status-badge';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { InvoicePaymentContext, PaymentActorContext } from './payments.contexts';
import { upgradeNote, upgradeSubject } from './upgrade-note';
import { isGatewayModule } from '../../../machines/payments/payments.types';
import { billingCycleText, gatewayModuleText, invoiceStatusText } from './payments.messages';
import { PaymentDialog } from './payment-dialog/payment-dialog';
import { DepositFlowDialogs } from './deposit-button';

export function InvoiceStatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui();
  const text = invoiceStatusText[status as keyof typeof invoiceStatusText];
  return <StatusBadge status={status} label={text ? i18n._(text) : status} />;
}

function AmountRow({
  label,
  amount,
  currency,
  strong = false,
  testId,
}: {
  label: string;
  amount: string;
  currency: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Table.Tr>
      <Table.Th scope="row" colSpan={3} ta="right" fw={strong ? 700 : 400}>
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : 400} data-testid={testId}>
        {formatMoney(amount, currency)}
      </Table.Td>
    </Table.Tr>
  );
}

function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useLingui();
  const money = (amount: string | null | undefined) => (amount && !isZero(amount) ? amount : null);
  // The fee is the chosen gateway's (or what a gateway that received part of it keeps owed): named where known.
  const gateway = invoice.payment_gateway;
  const feeLabel = isGatewayModule(gateway) ? t`Fee (${i18n._(gatewayModuleText[gateway])})` : t`Fees`;
  return (
    <Card withBorder padding="lg" data-testid="invoice">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Group gap="sm">
            {/* On a white plate: the payee's logo is drawn for light backgrounds, and vanished on the dark theme's card. */}
            {invoice.payee_logo && (
              <Box bg="white" p={4} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
                <Image src={invoice.payee_logo} alt="" h={40} w="auto" fit="contain" />
              </Box>
            )}
            <div>
              <Title order={2} size="h4">
                {t`Invoice ${invoice.tag}`}
              </Title>
              {invoice.payee && <Text c="dimmed">{invoice.payee}</Text>}
            </div>
          </Group>
          <InvoiceStatusBadge status={invoice.status} />
        </Group>
        <Group gap="xl" wrap="wrap">
          {invoice.payer && (
            <div>
              <Text size="sm" c="dimmed">
                <Trans>Payer</Trans>
              </Text>
              <Text>{invoice.payer}</Text>
            </div>
          )}
          <div>
            <Text size="sm" c="dimmed">
              <Trans>Date</Trans>
            </Text>
            <Text>{formatDateTime(invoice.created_at)}</Text>
          </div>
          {invoice.due_date && (
            <div>
              <Text size="sm" c="dimmed">
                <Trans>Due date</Trans>
              </Text>
              <Text>{formatDateTime(invoice.due_date)}</Text>
            </div>
          )}
          {invoice.date_paid && (
            <div>
              <Text size="sm" c="dimmed">
                <Trans>Paid on</Trans>
              </Text>
              <Text>{formatDateTime(invoice.date_paid)}</Text>
            </div>
          )}
        </Group>
        <Box style={{ overflowX: 'auto' }}>
          <Table data-testid="invoice-items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Item`}</Table.Th>
                <Table.Th>{t`Billing`}</Table.Th>
                <Table.Th ta="right">{t`Qty`}</Table.Th>
                <Table.Th ta="right">{t`Amount`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.items.map((item, index) => (
                <Table.Tr key={`${item.subject}-${index}`}>
                  <Table.Td>{invoice.upgrade && index === 0 ? upgradeSubject(invoice.upgrade) : item.subject}</Table.Td>
                  <Table.Td>
                    {item.billing_cycle ? i18n._(billingCycleText[item.billing_cycle] ?? { id: item.billing_cycle }) : '—'}
                  </Table.Td>
                  <Table.Td ta="right">{item.qty}</Table.Td>
                  <Table.Td ta="right">{formatMoney(item.amount, item.currency)}</Table.Td>
                </Table.Tr>
              ))}
              <AmountRow label={t`Subtotal`} amount={invoice.subtotal} currency={invoice.currency} />
              {money(invoice.discount) && (
                <AmountRow
                  label={invoice.promocode?.code ? t`Promo code ${invoice.promocode.code}` : t`Discount`}
                  amount={`-${invoice.discount}`}
                  currency={invoice.currency}
                />
              )}
              {money(invoice.fees) && <AmountRow label={feeLabel} amount={invoice.fees!} currency={invoice.currency} />}
              {money(invoice.taxes) && <AmountRow label={t`Taxes`} amount={invoice.taxes!} currency={invoice.currency} />}
              {money(invoice.penalty) && <AmountRow label={t`Penalty`} amount={invoice.penalty!} currency={invoice.currency} />}
              <AmountRow label={t`Total`} amount={invoice.total} currency={invoice.currency} strong testId="invoice-total" />
              {money(invoice.amount_paid) && invoice.status === 'unpaid' && (
                <>
                  <AmountRow label={t`Paid so far`} amount={invoice.amount_paid} currency={invoice.currency} />
                  <AmountRow
                    label={t`Still due`}
                    amount={invoice.amount_due}
                    currency={invoice.currency}
                    strong
                    testId="invoice-due"
                  />
                </>
              )}
            </Table.Tbody>
          </Table>
        </Box>
        {invoice.payments.some((arrived) => arrived.late) && (
          <Text size="sm" c="dimmed">
            <Trans>A payment arrived after its rate lock and counted at the rate when it arrived.</Trans>
          </Text>
        )}
        {invoice.transfer_report && invoice.status === 'unpaid' && (
          <Alert color="gray" role="status" data-testid="invoice-transfer-reported">
            <Trans>
              Transfer reported on {formatDate(invoice.transfer_report.reported_at)}, waiting for the bank (up to 3 banking days).
            </Trans>
          </Alert>
        )}
        {invoice.upgrade ? (
          <Text size="sm" data-testid="invoice-note">
            {upgradeNote(invoice.upgrade, invoice.currency)}
          </Text>
        ) : (
          invoice.note && <Text size="sm">{invoice.note}</Text>
        )}
        {invoice.status === 'canceled' && <CancelReason invoice={invoice} />}
      </Stack>
    </Card>
  );
}

/** Why a canceled invoice was canceled (the server's cancel_reason), and where money paid on it went. */
function CancelReason({ invoice }: { invoice: Invoice }) {
  const reason = invoice.cancel_reason;
  return (
    <Alert color="gray" role="status" data-testid="invoice-cancel-reason">
      <Stack gap={4}>
        <Text size="sm">
          {reason === 'expired' ? (
            <Trans>This invoice was not paid by its due date and expired. Any promo code it used can be used again.</Trans>
          ) : reason === 'replaced' ? (
            <Trans>A newer upgrade of the same tariff replaced this invoice.</Trans>
          ) : reason === 'stale' ? (
            <Trans>Your tariff changed after this upgrade was priced. Start the upgrade again for a new price.</Trans>
          ) : reason === 'repriced' ? (
            <Trans>The price changed after this invoice was issued, so a new invoice replaced it.</Trans>
          ) : (
            <Trans>This invoice was canceled.</Trans>
          )}
        </Text>
        {!isZero(invoice.amount_paid) && (
          <Text size="sm">
            <Trans>What was paid on it ({formatMoney(invoice.amount_paid, invoice.currency)}) is back in your balance.</Trans>
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

export function InvoiceView() {
  const flow = InvoicePaymentContext.useActorRef();
  const invoiceId = InvoicePaymentContext.useSelector(payment.selectInvoiceId);
  const dialogOpen = InvoicePaymentContext.useSelector(payment.selectDialogOpen);
  // A deposit opened because the balance is short shows its own dialogs, then hands back to the payment's.
  const depositFlow = InvoicePaymentContext.useSelector(payment.selectDepositFlow);
  const { invoice } = useSuspenseQuery(invoiceQueryOptions(invoiceId)).data;
  if (!invoice) {
    return (
      <Alert color="gray" role="status">
        <Trans>Invoice not found.</Trans>
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <InvoiceDetails invoice={invoice} />
      {invoice.status === 'unpaid' && (
        <Group justify="flex-end">
          <Button size="md" onClick={() => flow.send({ type: 'dialog.open' })}>
            <Trans>Pay {formatMoney(invoice.amount_due, invoice.currency)}</Trans>
          </Button>
        </Group>
      )}
      {depositFlow && <DepositFlowDialogs flow={depositFlow} />}
      {dialogOpen && !depositFlow && (
        <PaymentActorContext.Provider value={flow}>
          <PaymentDialog onClose={() => flow.send({ type: 'dialog.close' })} />
        </PaymentActorContext.Provider>
      )}
    </Stack>
  );
}
