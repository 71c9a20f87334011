import { createFileRoute } from '@tanstack/react-router';
import { requireModule } from '../../app/router/route-guard';
import { msg } from '@lingui/core/macro';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_member/licenses')({
  beforeLoad: ({ context }) => requireModule(context, 'license'),
  staticData: { title: msg`Licenses` },
  component: PlaceholderPage,
});
