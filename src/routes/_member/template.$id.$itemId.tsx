import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { primeCmsPage } from '../../api/cms';
import { i18n } from '../../lib/i18n';
import { CmsItemView } from '../../features/cms/cms-item-view';

export const Route = createFileRoute('/_member/template/$id/$itemId')({
  beforeLoad: ({ context }) => requireModule(context, 'cms'),
  staticData: { title: msg`Page` },
  loader: ({ context, params }) => primeCmsPage(context.queryClient, context.tenant.uuid, i18n.locale, params.id, params.itemId),
  component: CmsItemPage,
});

function CmsItemPage() {
  const { id, itemId } = Route.useParams();
  return <CmsItemView key={`${id}/${itemId}`} moduleId={id} itemId={itemId} />;
}
