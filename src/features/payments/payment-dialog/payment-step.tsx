// The step the payment flow is in, as the dialog's body (one file per step beside this one).
import * as payment from '../../../../machines/payments/invoice-payment.selectors';
import { usePaymentSelector } from '../payments.contexts';
import { BankDetails } from './bank-details';
import { ConfirmAnotherStep } from './confirm-another-step';
import { CryptoDetails } from './crypto-details';
import { CurrencyStep } from './currency-step';
import { LinkDetails } from './link-details';
import { LoadFailedStep } from './load-failed-step';
import { LoadingStep } from './loading-step';
import { Messages } from './messages';
import { MethodStep } from './method-step';
import { NotPayableStep } from './not-payable-step';
import { PreparingFailed } from './preparing-failed';
import { ShortStep } from './short-step';
import { SuccessStep } from './success-step';
import { WaitingStep } from './waiting-step';

export function PaymentStep({ step, onDone }: { step: payment.PaymentStep; onDone?: () => void }) {
  const details = usePaymentSelector(payment.selectDetails);
  switch (step) {
    case 'loading':
      return <LoadingStep />;
    case 'loadFailed':
      return <LoadFailedStep />;
    case 'notFound':
      return <Messages />;
    case 'notPayable':
      return <NotPayableStep />;
    case 'method':
      return <MethodStep />;
    case 'confirm':
      return <ConfirmAnotherStep />;
    case 'deposit':
      // The deposit's own dialogs show meanwhile (the invoice page's); this one waits for it.
      return <LoadingStep />;
    case 'currency':
      return <CurrencyStep />;
    case 'details':
      if (details === 'bank') return <BankDetails />;
      if (details === 'link') return <LinkDetails />;
      if (details === 'failed') return <PreparingFailed />;
      return <CryptoDetails />;
    case 'short':
      return <ShortStep />;
    case 'waiting':
      return <WaitingStep />;
    default:
      return <SuccessStep onDone={onDone} />;
  }
}
