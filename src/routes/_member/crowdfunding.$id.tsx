import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { InvestProvider } from '../../app/flows/crowdfunding';
import { ProjectView } from '../../features/crowdfunding/project-view';

export const Route = createFileRoute('/_member/crowdfunding/$id')({
  beforeLoad: ({ context }) => requireModule(context, 'crowdfunding'),
  staticData: { title: msg`Project` },
  component: ProjectPage,
});

function ProjectPage() {
  const { id } = Route.useParams();
  return (
    <InvestProvider projectId={id}>
      <ProjectView />
    </InvestProvider>
  );
}
