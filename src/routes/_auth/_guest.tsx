import { createFileRoute } from '@tanstack/react-router';
import { enforceAccess } from '../../app/router/route-guard';

// Auth-layout routes send a signed-in member to /dashboard.
export const Route = createFileRoute('/_auth/_guest')({
  beforeLoad: ({ context }) => enforceAccess('auth', context),
});
