import { createFileRoute } from '@tanstack/react-router';
import { requireModule } from '../../app/router/route-guard';
import { msg } from '@lingui/core/macro';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_member/briefcase')({
  beforeLoad: ({ context }) => requireModule(context, 'crowdfunding'),
  staticData: { title: msg`Briefcase` },
  component: PlaceholderPage,
});
