// Invoice payment (spec §2 "payment steps", §4 "Invoice payment", calls §4 "Polling", §7, §8 "Gateway
// messages", §9 "Exchange rate lock", "Payment process steps"): the payment dialog walks method → currency →
// details → waiting → success. The flow owns its dialog: it starts closed, opens on Pay (or at once, when the
// page was opened to pay or a deposit continues into it) and closes back; each opening starts afresh from the
// invoice. The member pays from the balance (payFromBalance), or through a gateway: the gateway is set first
// (setInvoiceGateway: its fee and the new total), then a crypto gateway gives an address with its rate locked
// for 15 minutes (counted down from a deadline in context), payport/prodamus a payment page, bank transfer the
// bank details (a transfer method required) and "I paid", which the invoice remembers (reportTransfer): paying
// again by another method after that asks the member to confirm first. The dialog opens on the gateway the
// invoice has, so its "To pay" is the invoice page's figure (with that gateway's fee). While the dialog is open the invoice is polled
// every 5 s (paused while the tab is hidden, once more when it shows again); when it is paid the flow ends
// (finishPaid: the invoice page goes to /thankyou/{tag}, a deposit shows its success). A payment that arrives
// short, or late at a lower rate, shows what arrived and what is still due, with "pay the difference" (a new
// transaction for the remainder). Every pay call carries an idempotency key made once per attempt: retrying
// the same attempt sends the same key (also after the dialog was closed and opened again), so a payment is
// never made twice. Before a method is chosen, each shows its fee and total (the server's figures, Invoice
// method_prices) and Balance what is available; when the balance is short, Deposit opens a deposit of what it
// lacks (the deposit flow as a child, for this payment): once it is paid the balance is read again and the
// member is back on the method step with Pay from the balance.
import { and, assign, not, setup } from 'xstate';
import { errorOf, failureOf, valueOf } from '../../domain/app-error';
import { clockNow } from '../shared/clock';
import { notProvidedAction, notProvidedActor, notProvidedCallback } from '../shared/not-provided';
import { exchangeRateLock, invoicePoll } from '../../domain/timing';
import { depositAmountFor } from './deposit.schema';
import {
  attemptKey,
  balanceShortfall,
  hasShortPayment,
  initialMethod,
  isCryptoModule,
  isLinkModule,
  isNotPayable,
  isPaid,
  methodKind,
  rateLock,
} from './payment-rules';
import type {
  InvoicePaymentActors,
  InvoicePaymentContext,
  InvoicePaymentEvent,
  InvoicePaymentInput,
  InvoicePaymentOutput,
  LoadPaymentOutcome,
  PaymentNotice,
} from './invoice-payment.types';
import type { CryptoPayment, InvoiceState, PaymentOptions } from './payments.types';

type Actor<K extends keyof InvoicePaymentActors> = InvoicePaymentActors[K];

const paidLate = (invoice: InvoiceState | null) => invoice?.payments.some((payment) => payment.late) ?? false;
const attemptSignature = (context: InvoicePaymentContext) => `${context.method}:${context.coin ?? ''}`;

/** A new attempt: a new idempotency key, and what had arrived when it began. */
const newAttempt = (context: InvoicePaymentContext) => ({
  attempt: context.attempt + 1,
  idempotencyKey: attemptKey(context.keyPrefix, context.attempt + 1),
  attemptOf: attemptSignature(context),
  paidAtAttempt: context.invoice?.amountPaid ?? '0',
});

/** The invoice as paid (payFromBalance answered, so the flow need not wait for the next poll). */
const markedPaid = ({ context }: { context: InvoicePaymentContext }) => context.invoice && { ...context.invoice, status: 'paid' };

export const invoicePaymentMachine = setup({
  types: {
    context: {} as InvoicePaymentContext,
    events: {} as InvoicePaymentEvent,
    input: {} as InvoicePaymentInput,
    output: {} as InvoicePaymentOutput,
    children: {} as { deposit: 'deposit' },
  },
  actors: {
    loadPayment: notProvidedActor<Actor<'loadPayment'>['output'], Actor<'loadPayment'>['input']>('loadPayment'),
    fetchInvoice: notProvidedActor<Actor<'fetchInvoice'>['output'], Actor<'fetchInvoice'>['input']>('fetchInvoice'),
    setGateway: notProvidedActor<Actor<'setGateway'>['output'], Actor<'setGateway'>['input']>('setGateway'),
    payFromBalance: notProvidedActor<Actor<'payFromBalance'>['output'], Actor<'payFromBalance'>['input']>('payFromBalance'),
    createTransaction: notProvidedActor<Actor<'createTransaction'>['output'], Actor<'createTransaction'>['input']>(
      'createTransaction',
    ),
    fetchLink: notProvidedActor<Actor<'fetchLink'>['output'], Actor<'fetchLink'>['input']>('fetchLink'),
    reportTransfer: notProvidedActor<Actor<'reportTransfer'>['output'], Actor<'reportTransfer'>['input']>('reportTransfer'),
    loadBalance: notProvidedActor<Actor<'loadBalance'>['output'], Actor<'loadBalance'>['input']>('loadBalance'),
    /** The deposit flow (provided by the app: the deposit machine with its calls), opened for this payment. */
    deposit: notProvidedActor<Actor<'deposit'>['output'], Actor<'deposit'>['input']>('deposit'),
    /** Tells the flow when the tab is hidden and shown again (page.hidden, page.visible). */
    watchPage: notProvidedCallback('watchPage'),
  },
  actions: {
    /** Paid: the invoice page goes to /thankyou/{tag} (member, cart refreshed); a deposit refreshes the balance. */
    finishPaid: notProvidedAction('finishPaid') as (_: unknown, params: { tag: string }) => void,
    /** A failed call's message goes to the notifier (calls §8). */
    notifyFailure: notProvidedAction('notifyFailure'),
    /** A new opening: nothing of the last one shows; the attempt and its unspent key carry on. */
    startDialog: assign({
      openAtOnce: false,
      invoice: null,
      options: null,
      method: null,
      coin: null,
      transaction: null,
      link: null,
      transferMethod: null,
      transferReportedAt: null,
      deadline: null,
      lockLeft: 0,
      error: null,
      notice: null,
    }),
    /** The invoice's own gateway comes chosen, so the dialog's "To pay" is the page's figure. */
    assignLoaded: assign((_, { invoice, options, balance }: { invoice: InvoiceState; options: PaymentOptions; balance: string }) => ({
      invoice,
      options,
      balance,
      method: initialMethod(invoice, options),
      transferReportedAt: invoice.transferReportedAt,
      error: null,
      paidAtAttempt: invoice.amountPaid,
    })),
    assignInvoice: assign((_, { invoice }: { invoice: InvoiceState }) => ({ invoice })),
    assignGatewayInvoice: assign((_, { invoice }: { invoice: InvoiceState }) => ({ invoice, error: null })),
    assignTransaction: assign(
      ({ self }, { transaction, invoice }: { transaction: CryptoPayment; invoice: InvoiceState }) => ({
        transaction,
        invoice,
        error: null,
        ...rateLock(clockNow(self), exchangeRateLock, transaction.expiresAt),
      }),
    ),
    assignLink: assign((_, { link, invoice }: { link: string; invoice: InvoiceState }) => ({ link, invoice, error: null })),
    assignError: assign({ error: ({ event }) => errorOf(event), notice: null }),
    /** A new attempt unless the same choice is tried again with its key not yet spent. */
    beginAttempt: assign(({ context }) =>
      context.idempotencyKey !== null && context.attemptOf === attemptSignature(context) ? {} : newAttempt(context),
    ),
    /** Always a new attempt: a new rate, or the difference still due. */
    renewAttempt: assign(({ context }) => ({ ...newAttempt(context), transaction: null, deadline: null, lockLeft: 0 })),
    /** The attempt's call succeeded: its key is spent. */
    endAttempt: assign({ idempotencyKey: null }),
    clearMessages: assign({ notice: null, error: null }),
    /** What the member must do first (choose a gateway, a currency, a transfer method). */
    assignNotice: assign((_, params: { notice: PaymentNotice }) => ({ notice: params.notice, error: null })),
  },
  guards: {
    succeeded: ({ event }) => failureOf(event) === null,
    isAlreadyPaid: ({ event }) => failureOf(event) === 'InvoiceAlreadyPaid',
    /** The page was opened to pay (or a deposit continues into the payment): the dialog opens at once. */
    opensAtOnce: ({ context }) => context.openAtOnce,
    isLoadedPaid: (_, { output }: { output: LoadPaymentOutcome }) => output.ok && isPaid(output.value.invoice),
    isLoadedNotPayable: (_, { output }: { output: LoadPaymentOutcome }) => output.ok && isNotPayable(output.value.invoice),
    isInvoicePaid: ({ context }) => isPaid(context.invoice),
    isInvoiceNotPayable: ({ context }) => isNotPayable(context.invoice),
    hasShortPayment: ({ context }) => hasShortPayment(context),
    hasMethod: ({ context }) => context.method !== null,
    hasCoin: ({ context }) => context.coin !== null,
    hasTransferMethod: ({ context }) => context.transferMethod !== null,
    isBalance: ({ context }) => context.method !== null && methodKind(context.method) === 'balance',
    isCrypto: ({ context }) => isCryptoModule(context.method),
    isLink: ({ context }) => isLinkModule(context.method),
    /** The balance is chosen and has less available than paying from it takes. */
    isBalanceShort: ({ context }) => context.method === 'balance' && balanceShortfall(context) !== null,
    /** The deposit opened for this payment was paid. */
    isDepositPaid: (_, { paid }: { paid: boolean }) => paid,
    /** A bank transfer was reported and the member now chose another method: they confirm paying again first. */
    isAnotherMethodAfterReport: ({ context }) =>
      context.transferReportedAt !== null && context.method !== null && context.method !== 'bank_transfer',
  },
  delays: {
    invoicePoll,
    /** What is left of the shown address's rate lock. */
    rateLock: ({ context }) => context.lockLeft,
  },
}).createMachine({
  id: 'invoicePayment',
  context: ({ input }) => ({
    invoiceId: input.invoiceId,
    keyPrefix: input.keyPrefix,
    openAtOnce: input.openAtOnce,
    invoice: null,
    options: null,
    method: null,
    coin: null,
    transaction: null,
    link: null,
    transferMethod: null,
    transferReportedAt: null,
    balance: null,
    deposits: 0,
    attempt: 0,
    idempotencyKey: null,
    attemptOf: null,
    deadline: null,
    lockLeft: 0,
    paidAtAttempt: '0',
    error: null,
    notice: null,
  }),
  output: ({ context }) => ({ tag: context.invoice!.tag, late: paidLate(context.invoice) }),
  initial: 'closed',
  states: {
    closed: {
      meta: { description: 'The dialog is closed: the invoice page offers Pay.' },
      always: {
        guard: 'opensAtOnce',
        target: 'open',
        actions: 'startDialog',
        meta: { description: 'Opened to pay (?pay=true, the checkout, a deposit): the dialog opens at once.' },
      },
      on: { 'dialog.open': { target: 'open', actions: 'startDialog', meta: { description: 'Pay: the dialog opens.' } } },
    },
    open: {
      meta: { description: 'The dialog is open.' },
      initial: 'loading',
      on: {
        'dialog.close': { target: 'closed', meta: { description: 'The member closes the dialog; a payment under way still counts.' } },
      },
      states: {
        loading: {
          meta: { description: "The invoice and the tenant's ways to pay are loaded." },
          tags: ['busy'],
          invoke: {
            id: 'loadPayment',
            src: 'loadPayment',
            input: ({ context }) => ({ invoiceId: context.invoiceId }),
            onDone: [
              { guard: not('succeeded'), target: 'notFound', actions: 'assignError', meta: { description: 'No such invoice' } },
              {
                guard: { type: 'isLoadedPaid', params: ({ event }) => ({ output: event.output }) },
                target: '#invoicePayment.paid',
                actions: { type: 'assignLoaded', params: ({ event }) => valueOf(event.output) },
                meta: { description: 'Already paid' },
              },
              {
                guard: { type: 'isLoadedNotPayable', params: ({ event }) => ({ output: event.output }) },
                target: 'notPayable',
                actions: { type: 'assignLoaded', params: ({ event }) => valueOf(event.output) },
                meta: { description: 'Cannot be paid' },
              },
              {
                target: 'paying',
                actions: { type: 'assignLoaded', params: ({ event }) => valueOf(event.output) },
                meta: { description: 'Invoice loaded' },
              },
            ],
            onError: { target: 'loadFailed', actions: ['assignError', 'notifyFailure'], meta: { description: 'Load failed' } },
          },
        },
        loadFailed: {
          meta: { description: 'The invoice could not be loaded; the member can try again.' },
          on: { 'load.retry': { target: 'loading', meta: { description: 'Member retries' } } },
        },
        notFound: {
          meta: { description: "No such invoice (or another member's): nothing to pay." },
        },
        notPayable: {
          meta: { description: 'The invoice is canceled or refunded: it can no longer be paid.' },
        },
        paying: {
          meta: { description: 'The member pays while the invoice is polled every 5 s.' },
          type: 'parallel',
          invoke: { id: 'watchPage', src: 'watchPage' },
          always: [
            {
              guard: 'isInvoicePaid',
              target: '#invoicePayment.paid',
              meta: { description: 'The invoice is paid (a poll or a call said so).' },
            },
            { guard: 'isInvoiceNotPayable', target: 'notPayable', meta: { description: 'No longer payable' } },
          ],
          states: {
            steps: {
              initial: 'choosingMethod',
              states: {
                choosingMethod: {
                  meta: { description: "Step 1: the balance or one of the tenant's gateways." },
                  tags: ['method'],
                  on: {
                    'method.select': {
                      actions: assign({ method: ({ event }) => event.method, coin: null, notice: null, error: null }),
                    },
                    'method.continue': [
                      { guard: not('hasMethod'), actions: { type: 'assignNotice', params: { notice: 'chooseGateway' } } },
                      // The balance is short: the step says so and offers Deposit; nothing is sent.
                      { guard: 'isBalanceShort' },
                      {
                        guard: 'isAnotherMethodAfterReport',
                        target: 'confirmingAnotherMethod',
                        actions: 'clearMessages',
                        meta: { description: 'A transfer was reported: paying another way is confirmed first' },
                      },
                      {
                        guard: 'isBalance',
                        target: 'payingFromBalance',
                        actions: ['clearMessages', 'beginAttempt'],
                        meta: { description: 'Member pays from balance' },
                      },
                      { guard: 'isCrypto', target: 'choosingCoin', actions: 'clearMessages', meta: { description: 'Member picks crypto' } },
                      { target: 'settingGateway', actions: 'clearMessages', meta: { description: 'Member picks a gateway' } },
                    ],
                    'deposit.start': {
                      guard: 'isBalanceShort',
                      target: 'depositing',
                      actions: ['clearMessages', assign({ deposits: ({ context }) => context.deposits + 1 })],
                      meta: { description: 'The balance is short: Deposit opens a deposit of what it lacks' },
                    },
                  },
                },
                depositing: {
                  meta: {
                    description:
                      'A deposit of what the balance lacks (whole units, at least the minimum) in the invoice\'s currency, shown instead of this dialog; it comes back here.',
                  },
                  tags: ['deposit'],
                  invoke: {
                    id: 'deposit',
                    src: 'deposit',
                    input: ({ context }) => ({
                      currencies: [context.invoice!.currency],
                      defaultCurrency: context.invoice!.currency,
                      keyPrefix: `${context.keyPrefix}:deposit-${context.deposits}`,
                      forPayment: { amount: depositAmountFor(balanceShortfall(context) ?? '0') },
                    }),
                    onDone: [
                      {
                        guard: { type: 'isDepositPaid', params: ({ event }) => ({ paid: event.output.paid }) },
                        target: 'readingBalance',
                        meta: { description: 'The deposit is paid: the balance is read again' },
                      },
                      { target: 'choosingMethod', meta: { description: 'The deposit was closed before it was paid' } },
                    ],
                    onError: { target: 'choosingMethod', actions: ['assignError', 'notifyFailure'], meta: { description: 'Deposit flow failed' } },
                  },
                },
                readingBalance: {
                  meta: { description: "After the deposit: the balance available in the invoice's currency is read again." },
                  tags: ['busy', 'method'],
                  invoke: {
                    id: 'loadBalance',
                    src: 'loadBalance',
                    input: ({ context }) => ({ currency: context.invoice!.currency }),
                    onDone: {
                      target: 'choosingMethod',
                      actions: assign({ balance: ({ event }) => event.output, method: 'balance' }),
                      meta: { description: 'Balance read: Pay from the balance is offered' },
                    },
                    onError: { target: 'choosingMethod', actions: ['assignError', 'notifyFailure'], meta: { description: 'Call failed' } },
                  },
                },
                confirmingAnotherMethod: {
                  meta: {
                    description:
                      'A bank transfer was reported and is on its way: the member confirms paying again by another method, or goes back.',
                  },
                  tags: ['confirm'],
                  on: {
                    'payment.confirmAnother': [
                      {
                        guard: 'isBalance',
                        target: 'payingFromBalance',
                        actions: 'beginAttempt',
                        meta: { description: 'Member pays from balance all the same' },
                      },
                      { guard: 'isCrypto', target: 'choosingCoin', meta: { description: 'Member pays by crypto all the same' } },
                      { target: 'settingGateway', meta: { description: 'Member pays through a gateway all the same' } },
                    ],
                    'step.back': { target: 'choosingMethod', meta: { description: 'Member keeps waiting for the transfer' } },
                  },
                },
                choosingCoin: {
                  meta: { description: 'Step 2: the coin (CoinPayments) or network (cpay) to pay in.' },
                  tags: ['currency'],
                  on: {
                    'coin.select': { actions: assign({ coin: ({ event }) => event.coin, notice: null, error: null }) },
                    'coin.continue': [
                      { guard: not('hasCoin'), actions: { type: 'assignNotice', params: { notice: 'chooseCurrency' } } },
                      { target: 'settingGateway', actions: 'clearMessages', meta: { description: 'Member picks a coin' } },
                    ],
                    'step.back': { target: 'choosingMethod', actions: 'clearMessages', meta: { description: 'Member goes back' } },
                  },
                },
                settingGateway: {
                  meta: { description: 'The gateway (and coin) is set on the invoice: its fee and the new total.' },
                  tags: ['busy', 'preparing'],
                  invoke: {
                    id: 'setGateway',
                    src: 'setGateway',
                    input: ({ context }) => ({ invoiceId: context.invoiceId, gateway: context.method!, network: context.coin }),
                    onDone: [
                      {
                        guard: not('succeeded'),
                        target: 'choosingMethod',
                        actions: ['assignError', 'notifyFailure'],
                        meta: { description: 'Gateway refused' },
                      },
                      {
                        guard: 'isCrypto',
                        target: 'creatingTransaction',
                        actions: [{ type: 'assignGatewayInvoice', params: ({ event }) => ({ invoice: valueOf(event.output) }) }, 'beginAttempt'],
                        meta: { description: 'Crypto gateway set' },
                      },
                      {
                        guard: 'isLink',
                        target: 'fetchingLink',
                        actions: { type: 'assignGatewayInvoice', params: ({ event }) => ({ invoice: valueOf(event.output) }) },
                        meta: { description: 'Payment-page gateway set' },
                      },
                      {
                        target: 'bankDetails',
                        actions: { type: 'assignGatewayInvoice', params: ({ event }) => ({ invoice: valueOf(event.output) }) },
                        meta: { description: 'Bank transfer set' },
                      },
                    ],
                    onError: { target: 'choosingMethod', actions: ['assignError', 'notifyFailure'], meta: { description: 'Call failed' } },
                  },
                },
                payingFromBalance: {
                  meta: { description: 'The amount due is paid from the balance, once (the attempt key).' },
                  tags: ['busy', 'method'],
                  invoke: {
                    id: 'payFromBalance',
                    src: 'payFromBalance',
                    input: ({ context }) => ({ invoiceId: context.invoiceId, idempotencyKey: context.idempotencyKey! }),
                    onDone: [
                      {
                        guard: 'succeeded',
                        target: '#invoicePayment.paid',
                        actions: ['endAttempt', assign({ invoice: markedPaid })],
                        meta: { description: 'Paid from balance' },
                      },
                      {
                        guard: 'isAlreadyPaid',
                        target: '#invoicePayment.paid',
                        actions: assign({ invoice: markedPaid }),
                        meta: { description: 'Already paid' },
                      },
                      // Insufficient balance: nothing moved; another method may do.
                      { target: 'choosingMethod', actions: ['assignError', 'notifyFailure'], meta: { description: 'Balance too low' } },
                    ],
                    // Unknown whether it went through: Pay again sends the same key, so it is paid at most once.
                    onError: { target: 'choosingMethod', actions: ['assignError', 'notifyFailure'], meta: { description: 'Call failed' } },
                  },
                },
                creatingTransaction: {
                  meta: { description: 'The crypto transaction for the amount due is made: address, amount, rate lock.' },
                  tags: ['busy', 'preparing'],
                  invoke: {
                    id: 'createTransaction',
                    src: 'createTransaction',
                    input: ({ context }) => ({
                      invoiceId: context.invoiceId,
                      module: context.method as 'coinpayments' | 'cpay',
                      coin: context.coin!,
                      idempotencyKey: context.idempotencyKey!,
                    }),
                    onDone: [
                      {
                        guard: 'succeeded',
                        target: 'awaitingCrypto',
                        actions: [{ type: 'assignTransaction', params: ({ event }) => valueOf(event.output) }, 'endAttempt'],
                        meta: { description: 'Address ready' },
                      },
                      { target: 'choosingCoin', actions: ['assignError', 'notifyFailure'], meta: { description: 'Coin refused' } },
                    ],
                    onError: { target: 'preparingFailed', actions: ['assignError', 'notifyFailure'], meta: { description: 'Call failed' } },
                  },
                },
                fetchingLink: {
                  meta: { description: "The gateway's payment page link is asked for." },
                  tags: ['busy', 'preparing'],
                  invoke: {
                    id: 'fetchLink',
                    src: 'fetchLink',
                    input: ({ context }) => ({ invoiceId: context.invoiceId, module: context.method as 'payport' | 'prodamus' }),
                    onDone: [
                      {
                        guard: 'succeeded',
                        target: 'awaitingLink',
                        actions: { type: 'assignLink', params: ({ event }) => valueOf(event.output) },
                        meta: { description: 'Payment page ready' },
                      },
                      { target: 'choosingMethod', actions: ['assignError', 'notifyFailure'], meta: { description: 'Link refused' } },
                    ],
                    onError: { target: 'preparingFailed', actions: ['assignError', 'notifyFailure'], meta: { description: 'Call failed' } },
                  },
                },
                preparingFailed: {
                  meta: { description: 'Unable to create the payment; the member can try again (the same attempt).' },
                  tags: ['details'],
                  on: {
                    'transaction.retry': [
                      {
                        guard: 'isLink',
                        target: 'fetchingLink',
                        actions: 'clearMessages',
                        meta: { description: 'Member retries the link' },
                      },
                      { target: 'creatingTransaction', actions: 'clearMessages', meta: { description: 'Member retries' } },
                    ],
                    'step.back': [
                      { guard: 'isCrypto', target: 'choosingCoin', actions: 'clearMessages', meta: { description: 'Member goes back' } },
                      { target: 'choosingMethod', actions: 'clearMessages', meta: { description: 'Member goes back' } },
                    ],
                  },
                },
                awaitingCrypto: {
                  meta: { description: 'Step 3: the address, amount and QR code; the rate is locked for 15 minutes.' },
                  tags: ['details'],
                  always: { guard: 'hasShortPayment', target: 'shortPaid', meta: { description: 'Short payment arrived' } },
                  after: { rateLock: { target: 'lockEnded', meta: { description: 'The 15-minute rate lock ended.' } } },
                  on: {
                    'payment.sent': { target: 'waitingConfirmation', meta: { description: 'Member says it is sent' } },
                    'step.back': { target: 'choosingCoin', meta: { description: 'Member goes back' } },
                  },
                },
                lockEnded: {
                  meta: {
                    description: 'The rate lock ended: a payment sent now counts at the rate when it arrives; a new address can be had.',
                  },
                  tags: ['details'],
                  always: { guard: 'hasShortPayment', target: 'shortPaid', meta: { description: 'Short payment arrived' } },
                  on: {
                    'transaction.renew': {
                      target: 'creatingTransaction',
                      actions: ['clearMessages', 'renewAttempt'],
                      meta: { description: 'Member asks for a new address' },
                    },
                    'step.back': { target: 'choosingCoin', meta: { description: 'Member goes back' } },
                  },
                },
                awaitingLink: {
                  meta: { description: "Step 3: the gateway's payment page opens in a new tab; the dialog waits for the payment." },
                  tags: ['details'],
                  on: { 'step.back': { target: 'choosingMethod', meta: { description: 'Member goes back' } } },
                },
                bankDetails: {
                  meta: { description: 'Step 3: the bank details; the member picks how they transfer, then says I paid.' },
                  tags: ['details'],
                  on: {
                    'transfer.select': { actions: assign({ transferMethod: ({ event }) => event.method, notice: null }) },
                    'payment.sent': [
                      {
                        guard: not('hasTransferMethod'),
                        actions: { type: 'assignNotice', params: { notice: 'chooseTransferMethod' } },
                      },
                      { target: 'reportingTransfer', actions: 'clearMessages', meta: { description: 'Member says I paid' } },
                    ],
                    'step.back': { target: 'choosingMethod', actions: 'clearMessages', meta: { description: 'Member goes back' } },
                  },
                },
                reportingTransfer: {
                  meta: { description: 'I paid: the invoice records the reported transfer (when, and how).' },
                  tags: ['busy', 'details'],
                  invoke: {
                    id: 'reportTransfer',
                    src: 'reportTransfer',
                    input: ({ context }) => ({ invoiceId: context.invoiceId, transferMethod: context.transferMethod! }),
                    onDone: [
                      {
                        guard: 'succeeded',
                        target: 'waitingConfirmation',
                        actions: [
                          { type: 'assignInvoice', params: ({ event }) => ({ invoice: valueOf(event.output) }) },
                          assign({ transferReportedAt: ({ context }) => context.invoice?.transferReportedAt ?? null }),
                        ],
                        meta: { description: 'Transfer reported' },
                      },
                      // Refused only when it can no longer be paid: paid meanwhile.
                      {
                        guard: 'isAlreadyPaid',
                        target: '#invoicePayment.paid',
                        actions: assign({ invoice: markedPaid }),
                        meta: { description: 'Already paid' },
                      },
                    ],
                    onError: { target: 'bankDetails', actions: ['assignError', 'notifyFailure'], meta: { description: 'Call failed' } },
                  },
                },
                waitingConfirmation: {
                  meta: { description: 'Step 4: waiting for the payment (crypto 1-15 minutes, fiat up to 3 banking days).' },
                  tags: ['waiting'],
                  always: { guard: 'hasShortPayment', target: 'shortPaid', meta: { description: 'Short payment arrived' } },
                },
                shortPaid: {
                  meta: { description: 'A payment arrived short or late: what arrived, what is still due, and pay the difference.' },
                  tags: ['short'],
                  on: {
                    'difference.pay': [
                      {
                        guard: and(['isCrypto', 'hasCoin']),
                        target: 'creatingTransaction',
                        actions: ['clearMessages', 'renewAttempt'],
                        meta: { description: 'A new transaction for exactly what is still due.' },
                      },
                      {
                        target: 'choosingMethod',
                        actions: ['clearMessages', 'renewAttempt'],
                        meta: { description: 'Member pays the rest another way' },
                      },
                    ],
                  },
                },
              },
            },
            poll: {
              initial: 'waiting',
              states: {
                waiting: {
                  meta: { description: 'The next poll of the invoice comes in 5 s.' },
                  after: { invoicePoll: { target: 'fetching', meta: { description: 'Time to poll' } } },
                  on: { 'page.hidden': { target: 'paused', meta: { description: 'Tab hidden' } } },
                },
                fetching: {
                  meta: { description: 'The invoice is fetched: its status and what has arrived.' },
                  invoke: {
                    id: 'fetchInvoice',
                    src: 'fetchInvoice',
                    input: ({ context }) => ({ invoiceId: context.invoiceId }),
                    onDone: {
                      target: 'waiting',
                      actions: { type: 'assignInvoice', params: ({ event }) => ({ invoice: event.output }) },
                      meta: { description: 'Invoice fetched' },
                    },
                    // A failed poll is tried again at the next one.
                    onError: { target: 'waiting', meta: { description: 'Poll failed' } },
                  },
                  on: { 'page.hidden': { target: 'paused', meta: { description: 'Tab hidden' } } },
                },
                paused: {
                  meta: { description: 'The tab is hidden: no polling until it shows again, then once at once.' },
                  on: { 'page.visible': { target: 'fetching', meta: { description: 'Tab shown again' } } },
                },
              },
            },
          },
        },
      },
    },
    paid: {
      meta: { description: 'Paid: the flow ends (the invoice page goes to /thankyou/{tag}; a deposit shows its success).' },
      type: 'final',
      entry: { type: 'finishPaid', params: ({ context }) => ({ tag: context.invoice!.tag }) },
    },
  },
});
