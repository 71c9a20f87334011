// The notice (choose a gateway, a currency, a transfer method) or the error, near the buttons, where it gives
// more than the notifier's message (selectInlineError): a gateway that is not available comes with the
// tenant's support link.
import { Alert, Anchor } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import * as payment from '../../../../machines/payments/invoice-payment.selectors';
import { appErrorText } from '../../../lib/app-error-text';
import { usePaymentSelector } from '../payments.contexts';
import { noticeText } from '../payments.messages';
import { useSupportLink } from './support-link';

export function Messages() {
  const { i18n } = useLingui();
  const notice = usePaymentSelector(payment.selectNotice);
  const error = usePaymentSelector(payment.selectInlineError);
  const supportLink = useSupportLink();
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
