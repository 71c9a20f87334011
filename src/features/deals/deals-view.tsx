// /deals (issue 30, deals module): the member's deals, their team's deals, and a new deal request, as three tabs
// named in the address (?tab=), so a link can open one. The request form keeps its flow while the member looks at
// the lists (the flow is mounted above the tabs).
import { useState } from 'react';
import { Button, Card, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { dealsQueryOptions } from '../../api/deals';
import { LoadError, Loading } from '../../components/load-state';
import { useTenant } from '../../lib/tenant-context';
import { selectHasAnswers } from '../../../machines/deals/deal-request.selectors';
import { DealCard } from './deal-card';
import { DealRequestContext } from './deals.contexts';
import { DealRequestForm } from './deal-request-form';

export type DealsTab = 'mine' | 'team' | 'request';

function DealList({ scope, onRequest }: { scope: 'mine' | 'team'; onRequest: () => void }) {
  const tenant = useTenant();
  const deals = useQuery(dealsQueryOptions(tenant.uuid, scope));
  if (deals.isPending) return <Loading label={<Trans>Loading deals…</Trans>} />;
  if (deals.isError) return <LoadError what={<Trans>The deals could not be loaded.</Trans>} retry={() => void deals.refetch()} />;
  if (deals.data.length === 0) {
    return (
      <Card withBorder data-testid={`deals-${scope}-empty`}>
        <Stack gap="xs" align="flex-start">
          <Text c="dimmed">{scope === 'mine' ? <Trans>You have no deals yet.</Trans> : <Trans>Your team has no deals yet.</Trans>}</Text>
          {scope === 'mine' && (
            <Button size="xs" variant="light" onClick={onRequest}>
              <Trans>File a deal request</Trans>
            </Button>
          )}
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="md" data-testid={`deals-${scope}`}>
      {deals.data.map((deal) => (
        <DealCard key={deal.id} deal={deal} team={scope === 'team'} />
      ))}
    </Stack>
  );
}

export function DealsView({ tab: chosen, onTabChange: setTab }: { tab: DealsTab | null; onTabChange: (tab: DealsTab) => void }) {
  const { t } = useLingui();
  // Without a tab named, a draft that came back opens the form where the member left it.
  const hasDraft = DealRequestContext.useSelector(selectHasAnswers);
  const [opening] = useState<DealsTab>(hasDraft ? 'request' : 'mine');
  const tab = chosen ?? opening;
  return (
    <Tabs value={tab} onChange={(value) => setTab((value as DealsTab | null) ?? 'mine')} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="mine" data-testid="deals-tab-mine">{t`My deals`}</Tabs.Tab>
        <Tabs.Tab value="team" data-testid="deals-tab-team">{t`Team deals`}</Tabs.Tab>
        <Tabs.Tab value="request" data-testid="deals-tab-request">{t`New request`}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="mine">
        <DealList scope="mine" onRequest={() => setTab('request')} />
      </Tabs.Panel>
      <Tabs.Panel value="team">
        <DealList scope="team" onRequest={() => setTab('request')} />
      </Tabs.Panel>
      <Tabs.Panel value="request">
        <DealRequestForm onSeeDeals={() => setTab('mine')} />
      </Tabs.Panel>
    </Tabs>
  );
}
