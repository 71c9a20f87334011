import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_public/ranking/$id')({
  staticData: { title: msg`Ranking` },
  component: PlaceholderPage,
});
