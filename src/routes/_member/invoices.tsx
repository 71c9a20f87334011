import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { invoicesQueryOptions } from '../../api/payments';
import { invoicesSearchSchema } from './-payments-search';
import { InvoiceList } from '../../features/payments/invoice-list';

export const Route = createFileRoute('/_member/invoices')({
  staticData: { title: msg`Invoices` },
  validateSearch: invoicesSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(invoicesQueryOptions(deps)),
  component: InvoicesPage,
});

function InvoicesPage() {
  const navigate = Route.useNavigate();
  return <InvoiceList filter={Route.useSearch()} onFilterChange={(next) => void navigate({ search: next })} />;
}
