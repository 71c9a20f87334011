// The payment dialog (spec §2 "payment steps", §4 "Invoice payment", §9 "Payment process steps"): method →
// currency → details → waiting → success, 480 px wide and 600 px on the details step. It renders the
// invoice-payment flow's state and sends it what the member does.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Loader, Modal, Radio, Stack, Stepper, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import * as payment from '../../../machines/payments/invoice-payment.selectors';
import type { PaymentMethod } from '../../../machines/payments/payments.types';
import { dialogWidth } from '../../../domain/limits';
import { CopyIconButton } from '../../components/copy-hint';
import { Countdown } from '../../components/countdown';
import { QrCode } from '../../components/qr-code';
import { appErrorText } from '../../lib/app-error-text';
import { clockOf } from '../../lib/clock';
import { formatMoney } from '../../lib/format';
import { useOverlay } from '../../lib/overlays';
import { InvoicePaymentContext } from './payments.contexts';
import { noticeText, transferMethodText } from './payments.messages';

const stepIndex: Record<payment.PaymentStep, number> = {
  loading: 0,
  loadFailed: 0,
  notFound: 0,
  notPayable: 0,
  method: 0,
  currency: 1,
  details: 2,
  short: 2,
  waiting: 3,
  success: 4,
  closed: 4,
};

/** The heading of each step takes the focus when the step appears (keyboard and screen-reader users land there). */
function StepHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Title order={3} size="h5" ref={heading} tabIndex={-1} data-autofocus style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}

/** The notice (choose a gateway, a currency, a transfer method) or the error, near the buttons. */
function Messages({ supportLink }: { supportLink: string | null }) {
  const { i18n } = useLingui();
  const notice = InvoicePaymentContext.useSelector(payment.selectNotice);
  const error = InvoicePaymentContext.useSelector(payment.selectError);
  if (notice) {
    return (
      <Alert color="orange" role="alert" data-testid="payment-notice">
        {i18n._(noticeText[notice])}
      </Alert>
    );
  }
  if (!error) return null;
  return (
    <Alert color="red" role="alert" data-testid="payment-error">
      {appErrorText(error)}
      {error.reason === 'GatewayUnavailable' && supportLink && (
        <>
          {' '}
          <Anchor href={supportLink} target="_blank" rel="noopener noreferrer">
            <Trans>Contact support</Trans>
          </Anchor>
        </>
      )}
    </Alert>
  );
}

function BackButton() {
  const actor = InvoicePaymentContext.useActorRef();
  const canGoBack = InvoicePaymentContext.useSelector(payment.selectCanGoBack);
  const busy = InvoicePaymentContext.useSelector(payment.selectBusy);
  return (
    <Button variant="default" onClick={() => actor.send({ type: 'step.back' })} disabled={!canGoBack || busy}>
      <Trans>Back</Trans>
    </Button>
  );
}

function MethodStep({ supportLink }: { supportLink: string | null }) {
  const { t } = useLingui();
  const actor = InvoicePaymentContext.useActorRef();
  const methods = InvoicePaymentContext.useSelector(payment.selectMethods);
  const gateways = InvoicePaymentContext.useSelector(payment.selectGateways);
  const method = InvoicePaymentContext.useSelector(payment.selectMethod);
  const busy = InvoicePaymentContext.useSelector(payment.selectBusy);
  const invoice = InvoicePaymentContext.useSelector(payment.selectInvoice);
  const due = InvoicePaymentContext.useSelector(payment.selectDue);
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
            <Trans>To pay: {formatMoney(due, invoice.currency)}</Trans>
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
        <Messages supportLink={supportLink} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {method === 'balance' ? <Trans>Pay</Trans> : <Trans>Continue</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CurrencyStep({ supportLink }: { supportLink: string | null }) {
  const { t } = useLingui();
  const actor = InvoicePaymentContext.useActorRef();
  const coins = InvoicePaymentContext.useSelector(payment.selectCoins);
  const coin = InvoicePaymentContext.useSelector(payment.selectCoin);
  const busy = InvoicePaymentContext.useSelector(payment.selectBusy);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'coin.continue' });
      }}
    >
      <Stack gap="md">
        <StepHeading>
          <Trans>Which currency do you pay in?</Trans>
        </StepHeading>
        <Radio.Group label={t`Payment currency`} value={coin} onChange={(value) => actor.send({ type: 'coin.select', coin: value })}>
          <Stack gap="xs" mt="xs">
            {coins.map((option) => (
              <Radio
                key={option.id}
                value={option.id}
                disabled={busy}
                label={option.name}
                description={option.minimum ? t`At least ${option.minimum}` : undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Messages supportLink={supportLink} />
        <Group justify="space-between">
          <BackButton />
          <Button type="submit" loading={busy}>
            <Trans>Continue</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The time left of the rate lock: shown every second, announced to screen readers once a minute. */
function RateLock() {
  const actor = InvoicePaymentContext.useActorRef();
  const deadline = InvoicePaymentContext.useSelector(payment.selectDeadline);
  if (deadline === null) return null;
  return (
    <Countdown
      deadline={deadline}
      clock={clockOf(actor)}
      render={(left) => (
        <>
          <Text fw={600} data-testid="rate-lock" aria-hidden>
            <Trans>Rate locked for {left}</Trans>
          </Text>
          <span role="status" aria-live="polite" className="visually-hidden" style={visuallyHidden}>
            <Trans>Rate locked for {left.split(':')[0]} more minutes</Trans>
          </span>
        </>
      )}
    />
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useLingui();
  return (
    <Table.Tr>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }} data-testid={`copy-${label}`}>
        {value}
      </Table.Td>
      <Table.Td w={40}>
        <CopyIconButton value={value} label={t`Copy: ${label}`} />
      </Table.Td>
    </Table.Tr>
  );
}

function CryptoDetails() {
  const { t } = useLingui();
  const actor = InvoicePaymentContext.useActorRef();
  const transaction = InvoicePaymentContext.useSelector(payment.selectTransaction);
  const details = InvoicePaymentContext.useSelector(payment.selectDetails);
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
          <Trans>The payment counts after {transaction.confirmsNeeded} network confirmations.</Trans>
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

function LinkDetails() {
  const link = InvoicePaymentContext.useSelector(payment.selectLink);
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

function BankDetails({ supportLink }: { supportLink: string | null }) {
  const { t, i18n } = useLingui();
  const actor = InvoicePaymentContext.useActorRef();
  const bank = InvoicePaymentContext.useSelector(payment.selectBank);
  const methods = InvoicePaymentContext.useSelector(payment.selectTransferMethods);
  const chosen = InvoicePaymentContext.useSelector(payment.selectTransferMethod);
  const invoice = InvoicePaymentContext.useSelector(payment.selectInvoice);
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
      <Messages supportLink={supportLink} />
      <Group justify="space-between">
        <BackButton />
        <Button onClick={() => actor.send({ type: 'payment.sent' })}>
          <Trans>I paid</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function PreparingFailed({ supportLink }: { supportLink: string | null }) {
  const actor = InvoicePaymentContext.useActorRef();
  return (
    <Stack gap="md">
      <StepHeading>
        <Trans>Unable to create the payment</Trans>
      </StepHeading>
      <Messages supportLink={supportLink} />
      <Group justify="space-between">
        <BackButton />
        <Button onClick={() => actor.send({ type: 'transaction.retry' })}>
          <Trans>Try again</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function WaitingStep() {
  const method = InvoicePaymentContext.useSelector(payment.selectMethod);
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

function ShortStep() {
  const actor = InvoicePaymentContext.useActorRef();
  const invoice = InvoicePaymentContext.useSelector(payment.selectInvoice);
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

function Body({ supportLink, onDone }: { supportLink: string | null; onDone?: () => void }) {
  const { t } = useLingui();
  const actor = InvoicePaymentContext.useActorRef();
  const step = InvoicePaymentContext.useSelector(payment.selectStep);
  const details = InvoicePaymentContext.useSelector(payment.selectDetails);
  switch (step) {
    case 'loading':
      return (
        <Group justify="center" py="xl">
          <Loader aria-label={t`Loading`} />
        </Group>
      );
    case 'loadFailed':
      return (
        <Stack gap="md">
          <Messages supportLink={null} />
          <Button onClick={() => actor.send({ type: 'load.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      );
    case 'notFound':
      return <Messages supportLink={null} />;
    case 'notPayable':
      return (
        <Alert color="gray" role="status">
          <Trans>This invoice can no longer be paid.</Trans>
        </Alert>
      );
    case 'method':
      return <MethodStep supportLink={supportLink} />;
    case 'currency':
      return <CurrencyStep supportLink={supportLink} />;
    case 'details':
      if (details === 'bank') return <BankDetails supportLink={supportLink} />;
      if (details === 'link') return <LinkDetails />;
      if (details === 'failed') return <PreparingFailed supportLink={supportLink} />;
      return <CryptoDetails />;
    case 'short':
      return <ShortStep />;
    case 'waiting':
      return <WaitingStep />;
    default:
      return (
        <Group gap="sm" wrap="nowrap">
          <IconCircleCheck size={40} color="var(--mantine-color-green-7)" aria-hidden />
          <Text role="status" style={{ flex: 1 }}>
            <Trans>Paid. Thank you!</Trans>
          </Text>
          {onDone && (
            <Button onClick={onDone}>
              <Trans>Done</Trans>
            </Button>
          )}
        </Group>
      );
  }
}

/**
 * The payment dialog: open until its flow is done (paid, or closed), then it tells the page once. With
 * `stayOnPaid` (a deposit) the success step stays until the member closes it.
 */
export function PaymentDialog({ onClosed, supportLink, stayOnPaid = false }: { onClosed: () => void; supportLink: string | null; stayOnPaid?: boolean }) {
  const { t } = useLingui();
  const actor = InvoicePaymentContext.useActorRef();
  const step = InvoicePaymentContext.useSelector(payment.selectStep);
  const flowDone = InvoicePaymentContext.useSelector(payment.selectDone);
  const paid = InvoicePaymentContext.useSelector(payment.selectPaid);
  const invoice = InvoicePaymentContext.useSelector(payment.selectInvoice);
  const [dismissed, setDismissed] = useState(false);
  const showingSuccess = stayOnPaid && paid && !dismissed;
  const done = flowDone && !showingSuccess;
  useOverlay(!done);
  useEffect(() => {
    if (done) onClosed();
  }, [done, onClosed]);
  const wide = step === 'details' || step === 'short';
  return (
    <Modal
      opened={!done}
      onClose={() => (flowDone ? setDismissed(true) : actor.send({ type: 'dialog.close' }))}
      title={invoice ? t`Pay invoice ${invoice.tag}` : t`Pay invoice`}
      size={wide ? dialogWidth.paymentDetails : dialogWidth.payment}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stepper
        active={stepIndex[step]}
        size="xs"
        mb="lg"
        allowNextStepsSelect={false}
        styles={{ stepLabel: { whiteSpace: 'normal', overflowWrap: 'anywhere' }, step: { minWidth: 0 }, separator: { minWidth: 8 } }}
      >
        <Stepper.Step label={t`Method`} />
        <Stepper.Step label={t`Currency`} />
        <Stepper.Step label={t`Details`} />
        <Stepper.Step label={t`Waiting`} />
        <Stepper.Step label={t`Success`} />
      </Stepper>
      <Body supportLink={supportLink} onDone={showingSuccess ? () => setDismissed(true) : undefined} />
    </Modal>
  );
}
