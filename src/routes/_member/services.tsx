import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { servicesQueryOptions } from '../../api/trading';
import { ServicesView } from '../../features/trading/services-view';

export const Route = createFileRoute('/_member/services')({
  staticData: { title: msg`Services` },
  loader: ({ context: { queryClient, tenant } }) => queryClient.prefetchQuery(servicesQueryOptions(tenant.uuid)),
  component: ServicesView,
});
