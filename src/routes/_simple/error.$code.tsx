import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ErrorCodeScreen } from '../../features/shell/error-screens';
import { errorCodeParam } from '../../lib/error-code';

export const Route = createFileRoute('/_simple/error/$code')({
  staticData: { title: msg`Error` },
  // 404 and 408 have their own screens; anything that is not a status code is an unknown path.
  beforeLoad: ({ params }) => {
    const code = errorCodeParam(params.code);
    if (code === null || code === 404) throw redirect({ to: '/404', replace: true });
    if (code === 408) throw redirect({ to: '/408', replace: true });
  },
  component: ErrorCodePage,
});

function ErrorCodePage() {
  const { code } = Route.useParams();
  return <ErrorCodeScreen code={Number(code)} />;
}
