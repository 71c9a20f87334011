// The member's license requests (issue 30): product, broker account (and server), comment, date and status; the
// license key once accepted, with a copy button; the operator's reason when declined.
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import * as license from '../../../machines/licenses/license-request.selectors';
import type { LicenseRequestRow } from '../../../machines/licenses/license-request.types';
import { CopyIconButton } from '../../components/copy-hint';
import { Figure } from '../../components/figure';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../lib/format';
import { LicenseRequestContext } from './licenses.contexts';
import { licenseStatusNames } from './licenses.messages';

function RequestCard({ request }: { request: LicenseRequestRow }) {
  const { t, i18n } = useLingui();
  const titleId = `license-request-${request.id}`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId} data-testid="license-request">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5" id={titleId}>
            {request.productName}
          </Title>
          <StatusBadge status={request.status} label={i18n._(licenseStatusNames[request.status])} />
        </Group>
        <Stack gap="xs" component="dl" m={0}>
          <Figure label={<Trans>Broker account</Trans>}>
            {request.brokerServer ? `${request.brokerAccount} · ${request.brokerServer}` : request.brokerAccount}
          </Figure>
          <Figure label={<Trans>Requested</Trans>}>{formatDateTime(request.createdAt)}</Figure>
          {request.comment && (
            <Figure label={<Trans>Comment</Trans>}>
              <Text component="span" size="sm" fw={400} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {request.comment}
              </Text>
            </Figure>
          )}
          {request.status === 'accepted' && request.licenseKey && (
            <Figure label={<Trans>License key</Trans>} testId="license-key">
              <Group gap={4} wrap="nowrap" component="span">
                <Text component="span" ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {request.licenseKey}
                </Text>
                <CopyIconButton value={request.licenseKey} label={t`Copy the license key`} />
              </Group>
            </Figure>
          )}
          {request.status === 'declined' && (
            <Figure label={<Trans>Reason</Trans>} testId="license-decline-reason">
              {request.declineReason ?? <Trans>No reason was given.</Trans>}
            </Figure>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

export function LicenseRequestsList() {
  const requests = LicenseRequestContext.useSelector(license.selectRequests);
  return (
    <Stack gap="sm" component="section" aria-labelledby="license-requests-title">
      <Title order={2} size="h4" id="license-requests-title">
        <Trans>Your requests</Trans>
      </Title>
      {requests.length === 0 ? (
        <Card withBorder>
          <Text c="dimmed" size="sm" data-testid="license-requests-empty">
            <Trans>No license requests yet.</Trans>
          </Text>
        </Card>
      ) : (
        requests.map((request) => <RequestCard key={request.id} request={request} />)
      )}
    </Stack>
  );
}
