import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { PlaceholderPage } from '../../../features/shell/placeholder-page';

export const Route = createFileRoute('/_auth/_guest/newpassword/$id')({
  staticData: { title: msg`New password` },
  component: PlaceholderPage,
});
