import { createFileRoute } from '@tanstack/react-router';
import { requireModule } from '../../app/router/route-guard';
import { msg } from '@lingui/core/macro';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_member/roadmap')({
  beforeLoad: ({ context }) => requireModule(context, 'roadmap'),
  staticData: { title: msg`Roadmap` },
  component: PlaceholderPage,
});
