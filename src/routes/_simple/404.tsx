import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { NotFoundScreen } from '../../features/shell/error-screens';

export const Route = createFileRoute('/_simple/404')({
  staticData: { title: msg`Page not found` },
  component: NotFoundScreen,
});
