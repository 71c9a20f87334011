import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_member/copy-trading/{-$id}')({
  staticData: { title: msg`Copy trading` },
  component: PlaceholderPage,
});
