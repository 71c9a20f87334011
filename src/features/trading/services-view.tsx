// /services (issue 31; spec §3 services): each of the member's services with its status, type and active-until
// date, and each limit of its config against what the member uses, as meters a screen reader reads ("1 of 3
// exchange accounts"): exchange accounts, copy-trading linkings, exchanges (named), trading volume in its currency,
// and risk management. At a limit the page says what it blocks and offers the upgrade. Without services, the Free
// Plan is explained with the way to the tariffs.
import { useId, type ReactNode } from 'react';
import { Alert, Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { compare, positionBetween } from '../../../domain/money';
import { freePlan } from '../../../domain/trading';
import type { ServiceRow } from '../../../machines/trading/trading.types';
import { exchangesQueryOptions, servicesQueryOptions } from '../../api/trading';
import { Figure } from '../../components/figure';
import { LoadError, Loading } from '../../components/load-state';
import { RouterAnchor, RouterButton } from '../../components/router-links';
import { StatusBadge } from '../../components/status-badge';
import { formatDate, formatMoney } from '../../lib/format';
import { useTenant } from '../../lib/tenant-context';
import { serviceStatusNames } from './trading.messages';

/** A limit against its use: the words are the label, the bar's value the share used. */
function Meter({ text, share, full, testId }: { text: ReactNode; share: number; full: boolean; testId: string }) {
  const labelId = useId();
  const percent = Math.round(Math.min(1, Math.max(0, share)) * 100);
  return (
    <Stack gap={4} data-testid={testId} data-full={full}>
      <Text size="sm" id={labelId}>
        {text}
      </Text>
      <Progress.Root size="md" role="progressbar" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <Progress.Section value={percent} color={full ? 'red.8' : 'blue.8'} withAria={false} />
      </Progress.Root>
    </Stack>
  );
}

function ServiceCard({ service, exchangeName }: { service: ServiceRow; exchangeName: (id: string) => string }) {
  const { t, i18n } = useLingui();
  const titleId = `service-${service.id}`;
  const { config, usage } = service;
  const accounts = config?.investorAccounts ?? 0;
  const linkings = config?.linkings ?? 0;
  const usedAccounts = usage?.investor_accounts ?? 0;
  const usedLinkings = usage?.linkings ?? 0;
  const exchanges = config?.exchanges ?? null;
  const usedExchanges = usage?.exchanges ?? 0;
  const volume = config?.tradingVolume ?? null;
  const volumeCurrency = config?.tradingVolumeCurrency ?? 'USDT';
  const usedVolume = usage?.trading_volume ?? '0';
  const accountsFull = usedAccounts >= accounts;
  const linkingsFull = usedLinkings >= linkings;
  const volumeFull = volume !== null && compare(usedVolume, volume) >= 0;
  const atLimit = service.status === 'active' && (accountsFull || linkingsFull || volumeFull);
  const statusName = service.status in serviceStatusNames ? i18n._(serviceStatusNames[service.status as keyof typeof serviceStatusNames]) : service.status;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId} data-testid="service">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" id={titleId}>
            {service.name}
          </Title>
          <StatusBadge status={service.status} label={statusName} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" component="dl" m={0}>
          <Figure label={<Trans>Type</Trans>}>{service.type ? service.type.replace(/_/g, ' ') : '—'}</Figure>
          <Figure label={<Trans>Active until</Trans>}>{service.activatedTill ? formatDate(service.activatedTill) : '—'}</Figure>
          <Figure label={<Trans>Risk management</Trans>} testId="service-risk">
            {config?.riskManagement ? <Trans>Yes</Trans> : <Trans>No</Trans>}
          </Figure>
        </SimpleGrid>
        <Stack gap="sm">
          <Meter
            testId="meter-accounts"
            full={accountsFull}
            share={accounts > 0 ? usedAccounts / accounts : 1}
            text={
              <Trans>
                {usedAccounts} of <Plural value={accounts} one="# exchange account" other="# exchange accounts" />
              </Trans>
            }
          />
          <Meter
            testId="meter-linkings"
            full={linkingsFull}
            share={linkings > 0 ? usedLinkings / linkings : 1}
            text={
              <Trans>
                {usedLinkings} of <Plural value={linkings} one="# copy-trading linking" other="# copy-trading linkings" />
              </Trans>
            }
          />
          {exchanges ? (
            <Stack gap={4}>
              <Meter
                testId="meter-exchanges"
                full={usedExchanges >= exchanges.length}
                share={usedExchanges / exchanges.length}
                text={
                  <Trans>
                    {usedExchanges} of <Plural value={exchanges.length} one="# exchange" other="# exchanges" /> in use
                  </Trans>
                }
              />
              <Group gap={4} data-testid="service-exchanges" aria-label={t`Exchanges covered`} role="list">
                {exchanges.map((id) => (
                  <Badge key={id} variant="default" role="listitem" tt="none">
                    {exchangeName(id)}
                  </Badge>
                ))}
              </Group>
            </Stack>
          ) : (
            <Text size="sm" data-testid="service-exchanges">
              <Trans>Any exchange</Trans>
            </Text>
          )}
          {volume !== null && (
            <Meter
              testId="meter-volume"
              full={volumeFull}
              share={positionBetween(usedVolume, '0', volume)}
              text={<Trans>{formatMoney(usedVolume, volumeCurrency)} of {formatMoney(volume, volumeCurrency)} trading volume this month</Trans>}
            />
          )}
        </Stack>
        {atLimit && (
          <Alert color="blue" data-testid="service-at-limit">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {accountsFull && <Trans>No more exchange accounts can be added with this service.</Trans>}{' '}
                {linkingsFull && <Trans>No more strategies can be copied with this service.</Trans>}{' '}
                {volumeFull && <Trans>This month’s trading volume is used up.</Trans>}
              </Text>
              <RouterButton to="/tariffs" size="xs" variant="light">
                <Trans>Upgrade</Trans>
              </RouterButton>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function FreePlan() {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="free-plan-title" data-testid="free-plan">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="free-plan-title">
          <Trans>Free Plan</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            You have no services yet, so the Free Plan applies:{' '}
            <Plural value={freePlan.investor_accounts} one="# exchange account" other="# exchange accounts" /> on any exchange, opened on or
            after 1 June 2021, and no copy-trading linkings.
          </Trans>
        </Text>
        <RouterAnchor to="/tariffs" size="sm">
          <Trans>See the tariffs for more</Trans>
        </RouterAnchor>
      </Stack>
    </Card>
  );
}

export function ServicesView() {
  const tenant = useTenant();
  const services = useQuery(servicesQueryOptions(tenant.uuid));
  // The exchanges' names only; without them the ids show.
  const exchanges = useQuery({ ...exchangesQueryOptions(tenant.uuid), retry: false });
  if (services.isPending) return <Loading label={<Trans>Loading your services…</Trans>} />;
  if (services.isError) return <LoadError what={<Trans>Your services could not be loaded.</Trans>} retry={() => void services.refetch()} />;
  const exchangeName = (id: string) => exchanges.data?.find((exchange) => exchange.id === id)?.name ?? id;
  if (services.data.length === 0) return <FreePlan />;
  return (
    <Stack gap="md">
      {services.data.map((service) => (
        <ServiceCard key={service.id} service={service} exchangeName={exchangeName} />
      ))}
    </Stack>
  );
}
