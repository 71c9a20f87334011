// Investing in a crowdfunding project: the model's paths on the Demo Portal's real project page, each as a new
// member. The path's first load says which page it opens, for real: Sea View Residence as a member with Basic
// (1,000 USDT per project) and 1,000 USDT on the balance, the finished project, Sea View as a member with no
// tariff (capped), or a project that does not exist. An investment that goes through is the server's own. What the server cannot answer at that step is staged from its own answer: a later
// load that finds the project changed (finished, capped, gone), a refusal "Fundraising finished" for a project
// still open; a failed call is the network failing.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { ProjectPage } from '../../machines/crowdfunding/invest.types';
import { investModel } from '../models/invest.model';
import { demoOrigin, startSignedIn, whiteLabelUuid, type Session } from '../e2e/support';
import { serverRefusal, type MachineDriver, type PathContext } from './driver';
import { fundWithTariff, memberCall, notice, signInFor } from './support';

type Variant = 'open' | 'finished' | 'capped' | 'missing';

/** The funded member the open paths share, and how many paths it served. */
let funded: { session: Session; paths: number } | null = null;

const variantOf = (page: ProjectPage): Variant =>
  !page.project ? 'missing' : page.project.status !== 'active' ? 'finished' : page.project.viewerCap === '0.00' ? 'capped' : 'open';

/** The variant of each load the path answers, in order. */
const loadVariants = (ctx: PathContext): Variant[] =>
  ctx.path.path.steps
    .map((step) => step.event as { type: string; output?: ProjectPage })
    .filter((event) => event.type === 'xstate.done.actor.loadPage')
    .map((event) => variantOf(event.output!));

const amountField = (ctx: PathContext) => ctx.page.getByRole('textbox', { name: /^Amount \(USDT\)/ });
const panel = (ctx: PathContext) => ctx.page.getByRole('region', { name: 'Invest' });
const button = (ctx: PathContext, name: string) => ctx.page.getByRole('main').getByRole('button', { name, exact: true });

/** A project's answer changed to what a load of `variant` finds (from the server's own answer). */
function changed(variant: Variant) {
  return (answer: any) => {
    const project = answer?.data?.moduleCrowdfundingProject;
    if (!project) return answer;
    if (variant === 'missing') return serverRefusal('not_found', 'NotFound', 'No such project.');
    if (variant === 'finished') return { data: { moduleCrowdfundingProject: { ...project, status: 'finished', available: '0.00' } } };
    if (variant === 'capped') return { data: { moduleCrowdfundingProject: { ...project, viewer_cap: '0.00', viewer_tariff_cap: '0.00' } } };
    return answer;
  };
}

export const investDriver: MachineDriver = {
  name: 'invest',
  model: investModel,
  operations: { loadPage: 'CrowdfundingProject', invest: 'CrowdfundingInvest' },
  async prepare(ctx) {
    const first = loadVariants(ctx)[0] ?? 'open';
    ctx.state.real = first;
    ctx.state.loads = 0;
    // A new member with no tariff (capped); else a member with Basic (1,000 USDT per project) and 1,000 USDT,
    // shared by four paths at most (each invests 200 at most).
    if (first === 'capped' || !funded || funded.paths >= 4) {
      await signInFor(ctx, 'empty');
      if (first !== 'capped') {
        await fundWithTariff(ctx, 'Basic', '1000');
        funded = { session: ctx.state.session, paths: 0 };
      }
    } else {
      await startSignedIn(ctx.page, demoOrigin, funded.session);
      ctx.state.token = funded.session.access_token;
    }
    if (first !== 'capped') funded!.paths += 1;
    const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
    const { moduleCrowdfundingProjects: projects } = await memberCall<{
      moduleCrowdfundingProjects: { id: string; name: string; status: string; goal_reached: boolean }[];
    }>(ctx, 'query ($uuid: ID!) { moduleCrowdfundingProjects(whitelabel_uuid: $uuid, status: null) { id name status goal_reached } }', { uuid });
    const seaView = projects.find((project) => project.name === 'Sea View Residence')!;
    const finished = projects.find((project) => project.status === 'finished' && project.goal_reached)!;
    ctx.state.projectId = first === 'missing' ? '999999' : first === 'finished' ? finished.id : seaView.id;
    ctx.state.projectName = first === 'finished' ? finished.name : 'Sea View Residence';
  },
  async open(ctx) {
    await ctx.page.goto(`${demoOrigin}/crowdfunding/${ctx.state.projectId}`);
  },
  gestures: {
    'amount.change': async (ctx, event: { value: string }) => {
      // What the field does not take (a leading zero) is typed key by key and dropped as it is typed.
      await amountField(ctx).fill('');
      if (event.value) await amountField(ctx).pressSequentially(event.value);
    },
    'invest.submit': (ctx) => button(ctx, 'Continue').click(),
    'invest.back': (ctx) => button(ctx, 'Back').click(),
    'invest.confirm': (ctx) => button(ctx, 'Confirm and invest').click(),
    'invest.again': (ctx) => button(ctx, 'Invest more').click(),
    'load.retry': (ctx) => button(ctx, 'Try again').click(),
  },
  answers: {
    'xstate.done.actor.loadPage': async (ctx, event: { output: ProjectPage }) => {
      const variant = variantOf(event.output);
      if (variant === ctx.state.real) return ctx.wire.clear('CrowdfundingProject');
      ctx.staged(`the project found ${variant} on a later load`);
      ctx.wire.stage('CrowdfundingProject', changed(variant), true);
    },
    'xstate.error.actor.loadPage': async (ctx) => ctx.wire.failOnce('CrowdfundingProject'),
    'xstate.done.actor.invest': async (ctx, event: { output: { ok: boolean } }) => {
      if (event.output.ok) return ctx.wire.clear('CrowdfundingInvest');
      ctx.staged('fundraising finished between the page and Confirm');
      ctx.wire.stage('CrowdfundingInvest', () => serverRefusal('conflict', 'FundraisingFinished', 'Fundraising finished, so no investing.'), true);
    },
    'xstate.error.actor.invest': async (ctx) => ctx.wire.failOnce('CrowdfundingInvest'),
  },
  delays: {},
  isPassing: (snapshot) => snapshot.hasTag('loading') || snapshot.matches({ ready: 'investing' }) || snapshot.matches({ ready: 'refreshing' }) || snapshot.matches({ ready: { invested: 'reloading' } }),
  screenName: (snapshot: AnyMachineSnapshot) => {
    const value = snapshot.value as string | { ready: string | { invested: string } };
    const name = typeof value === 'string' ? value : typeof value.ready === 'string' ? value.ready : 'invested';
    return `${name}${snapshot.context.amountError ? `-${snapshot.context.amountError}` : ''}`;
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    const main = ctx.page.getByRole('main');
    if (snapshot.matches('loadFailed')) {
      await expect(main.getByRole('alert')).toContainText('The project could not be loaded.', now);
      return;
    }
    if (snapshot.matches('missing')) {
      await expect(main).toContainText('This portal has no such project.', now);
      await expect(main.getByRole('link', { name: 'See all projects' })).toBeVisible(now);
      return;
    }
    await expect(main.getByRole('heading', { name: ctx.state.projectName, exact: true })).toBeVisible(now);
    await expect(main.getByTestId('project-progress').first()).toContainText('paid', now);
    if (snapshot.matches({ ready: 'closed' })) {
      await expect(panel(ctx).getByTestId('invest-closed')).toContainText('Fundraising finished, so no investing.', now);
      return;
    }
    if (snapshot.matches({ ready: 'capped' })) {
      await expect(panel(ctx).getByTestId('invest-capped')).toContainText('Investing in projects needs a tariff that allows it.', now);
      await expect(panel(ctx).getByRole('link', { name: 'See the tariffs' })).toBeVisible(now);
      return;
    }
    if (snapshot.matches({ ready: 'invested' })) {
      await expect(panel(ctx).getByTestId('invest-done')).toContainText('You invested $100.00', now);
      await expect(panel(ctx).getByTestId('invest-done')).toContainText('The first payout, $1.00, comes on', now);
      return;
    }
    await expect(panel(ctx).getByTestId('viewer-cap')).toContainText('You can invest up to', now);
    await expect(amountField(ctx)).toHaveValue(context.amount, now);
    if (context.amountError === 'min') await expect(panel(ctx)).toContainText('The minimum investment is $50.00', now);
    if (context.amountError === 'cap') await expect(panel(ctx)).toContainText('Your tariff lets you invest up to', now);
    if (context.amountError === 'required') await expect(panel(ctx)).toContainText('Enter the amount', now);
    if (snapshot.matches({ ready: 'confirming' })) {
      await expect(panel(ctx).getByTestId('invest-payouts')).toHaveText(/^You receive \$1\.00 every month, from .+ to .+\.$/, now);
      await expect(panel(ctx).getByTestId('invest-total')).toHaveText('In all: $112.00', now);
      await expect(button(ctx, 'Confirm and invest')).toBeEnabled(now);
    } else {
      await expect(panel(ctx).getByTestId('invest-confirmation')).toHaveCount(0, now);
    }
    if (snapshot.matches({ ready: 'editing' })) await expect(button(ctx, 'Continue')).toBeEnabled(now);
    // A failed call or a refusal is said in the notifier.
    if (context.error) await expect(notice(ctx).first()).toBeVisible(now);
  },
};
