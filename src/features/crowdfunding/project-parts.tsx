// What a project's card and its page both show: the cover, the progress toward the goal with what is paid and
// what is pending apart (BTCPay-style), the goal, the days left and the return.
import { Group, Image, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { isZero, positionBetween } from '../../../domain/money';
import type { Project } from '../../../machines/crowdfunding/crowdfunding.types';
import { Figure } from '../../components/figure';
import { StatusBadge } from '../../components/status-badge';
import { formatDate, formatMoney } from '../../lib/format';
import { projectStatusNames } from './crowdfunding.messages';

const dayMs = 24 * 60 * 60_000;

/** Whole days until `endsAt` (0 once it has passed). */
export const daysLeft = (endsAt: string, now = Date.now()) => Math.max(0, Math.ceil((Date.parse(endsAt) - now) / dayMs));

/** A share of the goal as a percentage for the bar (0-100; the bar is drawing, not money). */
const share = (part: string, goal: string) => positionBetween(part, '0', goal) * 100;

export function ProjectStatusBadge({ project }: { project: Project }) {
  const { i18n } = useLingui();
  const status = project.refundedAt ? 'refunded' : project.status;
  return <StatusBadge status={status} label={i18n._(projectStatusNames[status])} />;
}

export function ProjectProgress({ project }: { project: Project }) {
  const { t } = useLingui();
  const money = (amount: string) => formatMoney(amount, project.currency);
  const paid = share(project.raised, project.goal);
  const pending = Math.min(100 - paid, share(project.pending, project.goal));
  return (
    <Stack gap={6}>
      <Progress.Root size="lg" aria-hidden>
        <Progress.Section value={paid} color="green" />
        <Progress.Section value={pending} color="yellow" striped />
      </Progress.Root>
      <Group justify="space-between" gap="xs" data-testid="project-progress">
        <Text size="sm">
          <Trans>
            <strong>{money(project.raised)}</strong> paid
          </Trans>
          {!isZero(project.pending) && (
            <Text span size="sm" c="dimmed">
              {' · '}
              <Trans>{money(project.pending)} pending</Trans>
            </Text>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {t`of ${money(project.goal)}`}
        </Text>
      </Group>
    </Stack>
  );
}

/** The goal, the days left (or the end date), the return and its payouts, the investors. */
export function ProjectFigures({ project }: { project: Project }) {
  const { t } = useLingui();
  const left = daysLeft(project.endsAt);
  const period = project.payoutPeriodMonths;
  return (
    <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" component="dl" m={0}>
      <Figure label={t`Goal`} testId="project-goal">
        {formatMoney(project.goal, project.currency)}
      </Figure>
      <Figure label={project.status === 'active' ? t`Days left` : t`Ended`} testId="project-days">
        {project.status === 'active' ? String(left) : formatDate(project.endsAt)}
      </Figure>
      <Figure label={t`Return`} testId="project-return">
        {period === 1
          ? t`${project.returnPercent} % a year, paid monthly`
          : t`${project.returnPercent} % a year, paid every ${plural(period, { one: '# month', other: '# months' })}`}
      </Figure>
      <Figure label={t`Investors`} testId="project-investors">
        {String(project.investorsCount)}
      </Figure>
    </SimpleGrid>
  );
}

export function ProjectCover({ project, height }: { project: Project; height: number }) {
  const cover = project.images[0];
  if (!cover) return null;
  return <Image src={cover} alt="" h={height} radius="sm" fit="cover" />;
}
