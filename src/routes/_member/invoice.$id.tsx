import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { invoiceQueryOptions } from '../../api/payments';
import { createInvoicePaymentLogic, invoicePaymentInput, supportLinkOf } from '../../app/flows/payments';
import { invoiceSearchSchema } from './-payments-search';
import { flowOptions } from '../../lib/flow-inspection';
import { InvoiceView } from '../../features/payments/invoice-view';

export const Route = createFileRoute('/_member/invoice/$id')({
  staticData: { title: msg`Invoice` },
  validateSearch: invoiceSearchSchema,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(invoiceQueryOptions(params.id)),
  component: InvoicePage,
});

function InvoicePage() {
  const { tenant } = Route.useRouteContext();
  const { id } = Route.useParams();
  const { pay } = Route.useSearch();
  return (
    <InvoiceView
      invoiceId={id}
      pay={pay === true}
      payment={{ logic: createInvoicePaymentLogic(tenant), options: flowOptions({}) }}
      paymentInput={() => invoicePaymentInput(id)}
      supportLink={supportLinkOf(tenant)}
    />
  );
}
