import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_member/roadmap')({
  staticData: { title: msg`Roadmap` },
  component: PlaceholderPage,
});
