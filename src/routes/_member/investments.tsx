import { createFileRoute } from '@tanstack/react-router';
import { requireModule } from '../../app/router/route-guard';
import { msg } from '@lingui/core/macro';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_member/investments')({
  beforeLoad: ({ context }) => requireModule(context, 'investPlans'),
  staticData: { title: msg`Investments` },
  component: PlaceholderPage,
});
