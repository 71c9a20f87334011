// The team as a tree by level (spec §3 show_ref_tree, aff_plan max_depth): levels 1..max_depth, each opened
// on demand (opening a level loads it); a level beyond the member's access answers "You do not have access
// to this level" (spec §6, §8). The top team list (spec §9: 100) is here too.
import { useState } from 'react';
import { Accordion, Alert, Avatar, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { affTeamLevelQueryOptions, affTeamQueryOptions, affTopTeamQueryOptions } from '../../api/affiliates';
import { isAppError } from '../../../domain/app-error';
import { appErrorText } from '../../lib/app-error-text';
import { formatDate, formatMoney } from '../../lib/format';
import { ScrollTable, Section } from './parts';
import { LoadError, Loading } from '../../components/load-state';

function LevelPanel({ level }: { level: number }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const answer = useQuery(affTeamLevelQueryOptions(level, page));
  if (answer.isPending) return <Loading label={<Trans>Loading level {level}…</Trans>} />;
  if (answer.isError) {
    const error: unknown = answer.error;
    if (isAppError(error) && error.reason === 'LevelAccessDenied') {
      return (
        <Alert color="yellow" icon={<IconLock size={18} aria-hidden />} role="status" data-testid={`level-${level}-denied`}>
          {appErrorText(error)}
        </Alert>
      );
    }
    return <LoadError what={<Trans>Level {level} could not be loaded.</Trans>} retry={() => void answer.refetch()} />;
  }
  const { members, total, page_size: size } = answer.data;
  if (members.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid={`level-${level}-empty`}>
        <Trans>No referrals found on this level.</Trans>
      </Text>
    );
  }
  const pages = Math.ceil(total / size);
  return (
    <Stack gap="xs" data-testid={`level-${level}-members`}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {members.map((member) => (
          <li key={member.uuid}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Avatar src={member.avatar} alt="" radius="xl" size={36} />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {member.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t`Joined ${formatDate(member.joined_at)}`} · {t`Referrals: ${member.referrals}`}
                  {member.sponsor_name ? ` · ${t`Invited by ${member.sponsor_name}`}` : ''}
                </Text>
              </div>
            </Group>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <Group gap="xs">
          <Button size="xs" variant="default" disabled={page <= 1 || answer.isFetching} onClick={() => setPage(page - 1)}>
            <Trans>Previous</Trans>
          </Button>
          <Text size="xs">{t`Page ${page} of ${pages}`}</Text>
          <Button size="xs" variant="default" disabled={page >= pages || answer.isFetching} onClick={() => setPage(page + 1)}>
            <Trans>Next</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function TeamTree() {
  const { t } = useLingui();
  const team = useQuery(affTeamQueryOptions());
  const [opened, setOpened] = useState<string[]>([]);
  return (
    <Section id="team-title" title={<Trans>My team</Trans>}>
      {team.isPending && <Loading label={<Trans>Loading your team…</Trans>} />}
      {team.isError && <LoadError what={<Trans>Your team could not be loaded.</Trans>} retry={() => void team.refetch()} />}
      {team.data && team.data.levels.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>The affiliate programme has no team levels.</Trans>
        </Text>
      )}
      {team.data && team.data.levels.length > 0 && (
        <Accordion multiple value={opened} onChange={setOpened} variant="separated" data-testid="team-tree">
          {team.data.levels.map(({ level, open, count, opens_with: opensWith }) => (
            <Accordion.Item key={level} value={String(level)}>
              <Accordion.Control icon={open ? null : <IconLock size={16} aria-label={t`No access`} />} data-testid={`level-${level}`}>
                <Group gap="xs" justify="space-between" wrap="nowrap" pr="xs">
                  <div>
                    <Text size="sm" fw={600}>
                      {t`Level ${level}`}
                    </Text>
                    {!open && opensWith && (
                      <Text size="xs" c="dimmed" data-testid={`level-${level}-opens`}>
                        {opensWith.kind === 'tariff' && opensWith.tariff_name
                          ? t`Opens with the ${opensWith.tariff_name} tariff`
                          : t`Opens when you buy a product`}
                      </Text>
                    )}
                  </div>
                  {count !== null && count !== undefined && (
                    <Badge variant="light" size="sm" aria-label={t`${plural(count, { one: '# member', other: '# members' })}`}>
                      {count}
                    </Badge>
                  )}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>{opened.includes(String(level)) && <LevelPanel level={level} />}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Section>
  );
}

export function TopTeam() {
  const { t } = useLingui();
  const top = useQuery(affTopTeamQueryOptions());
  return (
    <Section id="top-team-title" title={<Trans>Top team</Trans>}>
      {top.isPending && <Loading label={<Trans>Loading the top team…</Trans>} />}
      {top.isError && <LoadError what={<Trans>The top team could not be loaded.</Trans>} retry={() => void top.refetch()} />}
      {top.data && top.data.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>No referrals found yet. Share your referral link to build your team.</Trans>
        </Text>
      )}
      {top.data && top.data.length > 0 && (
        <ScrollTable label={t`Top team`} minWidth={420}>
          <Table striped verticalSpacing="xs" data-testid="top-team">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">#</Table.Th>
                <Table.Th scope="col">{t`Member`}</Table.Th>
                <Table.Th scope="col">{t`Level`}</Table.Th>
                <Table.Th scope="col">{t`Referrals`}</Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'end' }}>{t`Earned you`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {top.data.map((member, index) => (
                <Table.Tr key={member.uuid}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Avatar src={member.avatar} alt="" radius="xl" size={24} />
                      <Text size="sm">{member.name}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{member.level}</Table.Td>
                  <Table.Td>{member.referrals}</Table.Td>
                  <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>{formatMoney(member.earned, member.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Section>
  );
}
