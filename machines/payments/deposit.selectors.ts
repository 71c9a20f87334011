// What the deposit dialog reads of the deposit flow: step 1 (currency and amount), then the payment it
// continues into.
import type { SnapshotFrom } from 'xstate';
import type { depositMachine } from './deposit.machine';

type DepositSnapshot = SnapshotFrom<typeof depositMachine>;

export const selectAmount = (s: DepositSnapshot) => s.context.amount;
export const selectCurrency = (s: DepositSnapshot) => s.context.currency;
/** The currency choice shows only when the member has wallets to choose among. */
export const selectCurrencies = (s: DepositSnapshot) => s.context.currencies;
export const selectAmountError = (s: DepositSnapshot) => s.context.amountError;
export const selectError = (s: DepositSnapshot) => s.context.error;
/** The server refused the amount (a bound): its message shows beside the amount field; other failed calls
 * are the notifier's alone. */
export const selectAmountRefused = (s: DepositSnapshot) => (s.context.error?.fields?.amount?.length ?? 0) > 0 ? s.context.error : null;
export const selectBusy = (s: DepositSnapshot) => s.hasTag('busy');
/** Step 1 (currency and amount) is open. */
export const selectAmountStepOpen = (s: DepositSnapshot) => s.matches({ open: 'editing' }) || s.matches({ open: 'creating' });
/** The payment the deposit continues into, while it is under way or its success shows. */
export const selectPayment = (s: DepositSnapshot) => (s.matches({ open: 'paying' }) ? (s.children.payment ?? null) : null);
/** The deposit is paid: the payment dialog shows its success until the member closes it. */
export const selectPaid = (s: DepositSnapshot) => s.matches({ open: { paying: 'paid' } });
