import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { invoiceQueryOptions } from '../../api/payments';
import { InvoicePaymentProvider } from '../../app/flows/payments';
import { InvoiceView } from '../../features/payments/invoice-view';

// The cart's checkout comes here with its new invoice: the invoice, with the payment dialog open.
export const Route = createFileRoute('/_member/gateway/pay/$id')({
  staticData: { title: msg`Payment` },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(invoiceQueryOptions(params.id)),
  component: GatewayPayPage,
});

function GatewayPayPage() {
  return (
    <InvoicePaymentProvider invoiceId={Route.useParams().id} pay>
      <InvoiceView />
    </InvoicePaymentProvider>
  );
}
