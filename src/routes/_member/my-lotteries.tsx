import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { lotteryEntriesQueryOptions } from '../../api/lotteries';
import { MyLotteriesView } from '../../features/lotteries/my-lotteries-view';

export const Route = createFileRoute('/_member/my-lotteries')({
  beforeLoad: ({ context }) => requireModule(context, 'lottery'),
  staticData: { title: msg`My lotteries` },
  loader: ({ context }) => context.queryClient.ensureQueryData(lotteryEntriesQueryOptions(context.tenant.uuid)),
  component: MyLotteriesView,
});
