// The payment dialog (spec §2 "payment steps", §4 "Invoice payment", §9 "Payment process steps"): method →
// currency → details → waiting → success, 480 px wide and 600 px on the details step. It renders the payment
// flow of PaymentActorContext and sends it what the member does; the flow that owns the dialog (the invoice
// page's payment, or a deposit) shows it while it is open and takes its closing.
import { Modal } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import * as payment from '../../../../machines/payments/invoice-payment.selectors';
import { dialogWidth } from '../../../../domain/limits';
import { useOverlay } from '../../../lib/overlays';
import { usePaymentSelector } from '../payments.contexts';
import { PaymentStep } from './payment-step';
import { PaymentStepper } from './payment-stepper';

const stepIndex: Record<payment.PaymentStep, number> = {
  loading: 0,
  loadFailed: 0,
  notFound: 0,
  notPayable: 0,
  method: 0,
  confirm: 0,
  deposit: 0,
  currency: 1,
  details: 2,
  short: 2,
  waiting: 3,
  success: 4,
  closed: 4,
};

export interface PaymentDialogProps {
  /** The member closes the dialog (the close button, Escape, or Done on the success step). */
  onClose: () => void;
  /** The owner keeps the dialog on the success step until the member closes it (a deposit, once paid). */
  paid?: boolean;
}

export function PaymentDialog({ onClose, paid = false }: PaymentDialogProps) {
  const { t } = useLingui();
  const flowStep = usePaymentSelector(payment.selectStep);
  const invoice = usePaymentSelector(payment.selectInvoice);
  const step = paid ? 'success' : flowStep;
  useOverlay(true, onClose);
  const wide = step === 'details' || step === 'short';
  return (
    <Modal
      opened
      onClose={onClose}
      title={invoice ? t`Pay invoice ${invoice.tag}` : t`Pay invoice`}
      size={wide ? dialogWidth.paymentDetails : dialogWidth.payment}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <PaymentStepper active={stepIndex[step]} />
      <PaymentStep step={step} onDone={paid ? onClose : undefined} />
    </Modal>
  );
}
