import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { affEarningsQueryOptions, affTeamQueryOptions } from '../../api/affiliates';
import { AffiliatesView } from '../../features/affiliates/affiliates-view';

// Every member has an affiliate programme: ref_button_left_menu only puts the entry in the menu (spec §2).
export const Route = createFileRoute('/_member/affiliates')({
  staticData: { title: msg`Affiliates` },
  loader: ({ context: { queryClient, tenant } }) =>
    Promise.all([
      tenant.whiteLabel.show_ref_tree ? queryClient.ensureQueryData(affTeamQueryOptions()) : null,
      queryClient.ensureQueryData(affEarningsQueryOptions()),
    ]),
  component: AffiliatesView,
});
