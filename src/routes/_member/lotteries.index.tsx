import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { lotteriesQueryOptions } from '../../api/lotteries';
import { LotteriesView } from '../../features/lotteries/lotteries-view';

export const Route = createFileRoute('/_member/lotteries/')({
  beforeLoad: ({ context }) => requireModule(context, 'lottery'),
  staticData: { title: msg`Lotteries` },
  loader: ({ context }) => context.queryClient.ensureQueryData(lotteriesQueryOptions(context.tenant.uuid, true)),
  component: LotteriesView,
});
