import { Outlet, createFileRoute } from '@tanstack/react-router';
import { enforceAccess } from '../app/route-guard';
import { MainLayout } from '../features/shell/main-layout';

// Main layout routes: login required.
export const Route = createFileRoute('/_member')({
  beforeLoad: ({ context }) => enforceAccess('private', context),
  component: () => (
    <MainLayout>
      <Outlet />
    </MainLayout>
  ),
});
