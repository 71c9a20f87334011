import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { crowdfundingBriefcaseQueryOptions } from '../../api/crowdfunding';
import { BriefcaseView } from '../../features/crowdfunding/briefcase-view';

export const Route = createFileRoute('/_member/briefcase')({
  beforeLoad: ({ context }) => requireModule(context, 'crowdfunding'),
  staticData: { title: msg`Briefcase` },
  loader: ({ context }) => context.queryClient.ensureQueryData(crowdfundingBriefcaseQueryOptions(context.tenant.uuid)),
  component: BriefcaseView,
});
