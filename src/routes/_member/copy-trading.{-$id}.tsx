import { createFileRoute } from '@tanstack/react-router';
import { requireModule } from '../../app/router/route-guard';
import { msg } from '@lingui/core/macro';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_member/copy-trading/{-$id}')({
  beforeLoad: ({ context }) => requireModule(context, 'copyTrading'),
  staticData: { title: msg`Copy trading` },
  component: PlaceholderPage,
});
