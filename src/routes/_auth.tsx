import { Outlet, createFileRoute } from '@tanstack/react-router';
import { enforceAccess } from '../app/route-guard';
import { AuthLayout } from '../features/shell/auth-layout';

// The auth layout. Login and OAuth login are public; logout always passes; the rest live in _guest.
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context }) => enforceAccess('public', context),
  component: () => (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  ),
});
