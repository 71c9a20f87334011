import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { ProjectsView } from '../../features/crowdfunding/projects-view';
import { useLoggedIn } from '../../features/shell/use-logged-in';

export const Route = createFileRoute('/_public/projects')({
  beforeLoad: ({ context }) => requireModule(context, 'crowdfunding'),
  staticData: { title: msg`Projects` },
  component: ProjectsPage,
});

function ProjectsPage() {
  return <ProjectsView signedIn={useLoggedIn()} />;
}
