import { Outlet, createFileRoute } from '@tanstack/react-router';
import { enforceAccess } from '../app/router/route-guard';
import { WidgetLayout } from '../features/shell/widget-layout';

export const Route = createFileRoute('/_widget')({
  beforeLoad: ({ context }) => enforceAccess('private', context),
  component: () => (
    <WidgetLayout>
      <Outlet />
    </WidgetLayout>
  ),
});
