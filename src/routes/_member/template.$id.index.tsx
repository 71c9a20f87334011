import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { primeCmsPage } from '../../api/cms';
import { i18n } from '../../lib/i18n';
import { CmsListView } from '../../features/cms/cms-list-view';

export const Route = createFileRoute('/_member/template/$id/')({
  beforeLoad: ({ context }) => requireModule(context, 'cms'),
  staticData: { title: msg`Page` },
  loader: ({ context, params }) => primeCmsPage(context.queryClient, context.tenant.uuid, i18n.locale, params.id),
  component: CmsListPage,
});

function CmsListPage() {
  const { id } = Route.useParams();
  return <CmsListView key={id} moduleId={id} />;
}
