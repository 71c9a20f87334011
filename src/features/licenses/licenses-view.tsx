// /licenses (issue 30, license module): the request panel (or why no request is possible) and the member's
// requests. The page's flow (LicenseRequestContext) loads both and makes a request.
import { Grid } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import * as license from '../../../machines/licenses/license-request.selectors';
import { LoadError, Loading } from '../../components/load-state';
import { LicenseRequestPanel } from './license-request-form';
import { LicenseRequestsList } from './license-requests-list';
import { LicenseRequestContext } from './licenses.contexts';

export function LicensesView() {
  const actor = LicenseRequestContext.useActorRef();
  const loading = LicenseRequestContext.useSelector(license.selectLoading);
  const loadFailed = LicenseRequestContext.useSelector(license.selectLoadFailed);
  if (loading) return <Loading label={<Trans>Loading your licenses…</Trans>} />;
  if (loadFailed) return <LoadError what={<Trans>Your licenses could not be loaded.</Trans>} retry={() => actor.send({ type: 'load.retry' })} />;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <LicenseRequestPanel />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <LicenseRequestsList />
      </Grid.Col>
    </Grid>
  );
}
