// What the deposit dialog's first step reads of the deposit flow.
import type { SnapshotFrom } from 'xstate';
import type { depositMachine } from './deposit.machine';

type DepositSnapshot = SnapshotFrom<typeof depositMachine>;

export const selectAmount = (s: DepositSnapshot) => s.context.amount;
export const selectCurrency = (s: DepositSnapshot) => s.context.currency;
/** The currency choice shows only when the member has wallets to choose among. */
export const selectCurrencies = (s: DepositSnapshot) => s.context.currencies;
export const selectAmountError = (s: DepositSnapshot) => s.context.amountError;
export const selectError = (s: DepositSnapshot) => s.context.error;
export const selectBusy = (s: DepositSnapshot) => s.hasTag('busy');
export const selectDone = (s: DepositSnapshot) => s.status === 'done';
/** The deposit's invoice once made (its payment comes next). */
export const selectInvoiceId = (s: DepositSnapshot) => s.context.invoiceId;
