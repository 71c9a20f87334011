import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { invoiceQueryOptions } from '../../api/payments';
import { InvoicePaymentProvider } from '../../app/flows/payments';
import { invoiceSearchSchema } from './-payments-search';
import { InvoiceView } from '../../features/payments/invoice-view';

export const Route = createFileRoute('/_member/invoice/$id')({
  staticData: { title: msg`Invoice` },
  validateSearch: invoiceSearchSchema,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(invoiceQueryOptions(params.id)),
  component: InvoicePage,
});

function InvoicePage() {
  const { id } = Route.useParams();
  const { pay } = Route.useSearch();
  return (
    <InvoicePaymentProvider invoiceId={id} pay={pay === true}>
      <InvoiceView />
    </InvoicePaymentProvider>
  );
}
