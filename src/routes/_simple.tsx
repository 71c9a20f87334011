import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SimpleLayout } from '../features/shell/simple-layout';

// Error screens: no guard, no tenant needed.
export const Route = createFileRoute('/_simple')({
  component: () => (
    <SimpleLayout>
      <Outlet />
    </SimpleLayout>
  ),
});
