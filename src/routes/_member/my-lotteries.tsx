import { createFileRoute } from '@tanstack/react-router';
import { requireModule } from '../../app/router/route-guard';
import { msg } from '@lingui/core/macro';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_member/my-lotteries')({
  beforeLoad: ({ context }) => requireModule(context, 'lottery'),
  staticData: { title: msg`My lotteries` },
  component: PlaceholderPage,
});
