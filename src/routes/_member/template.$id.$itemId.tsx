import { createFileRoute } from '@tanstack/react-router';
import { requireModule } from '../../app/route-guard';
import { msg } from '@lingui/core/macro';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_member/template/$id/$itemId')({
  beforeLoad: ({ context }) => requireModule(context, 'cms'),
  staticData: { title: msg`Page` },
  component: PlaceholderPage,
});
