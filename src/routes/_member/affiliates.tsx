import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { affEarningsQueryOptions, affTeamQueryOptions } from '../../api/affiliates';
import { AffiliatesView } from '../../features/affiliates/affiliates-view';

export const Route = createFileRoute('/_member/affiliates')({
  staticData: { title: msg`Affiliates` },
  beforeLoad: ({ context }) => requireModule(context, 'affiliates'),
  loader: ({ context: { queryClient, tenant } }) =>
    Promise.all([
      tenant.whiteLabel.show_ref_tree ? queryClient.ensureQueryData(affTeamQueryOptions()) : null,
      queryClient.ensureQueryData(affEarningsQueryOptions()),
    ]),
  component: AffiliatesView,
});
