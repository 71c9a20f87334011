import { createFileRoute, redirect } from '@tanstack/react-router';

// The root path redirects to the dashboard (spec §2); the guard takes visitors on to /login.
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});
