import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { PlaceholderPage } from '../../../features/shell/placeholder-page';

export const Route = createFileRoute('/_auth/_guest/verifyemail/$id')({
  staticData: { title: msg`Email verification` },
  component: PlaceholderPage,
});
