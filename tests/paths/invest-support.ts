// What the investments drivers share: the Demo Portal's plans and the demo member's plans made and stopped
// through the API, and the page's parts by role and name.
import type { AnyMachineSnapshot } from 'xstate';
import type { PathContext } from './driver';
import { memberCall } from './support';
import { demoOrigin, whiteLabelUuid } from '../e2e/support';

/**
 * Whether the step just taken put the flow's error there (the notifier shows it for 8 s: a later step may no
 * longer see the toast of an error the flow still holds).
 */
export const errorJustSet = (ctx: PathContext, snapshot: AnyMachineSnapshot) => Boolean(snapshot.context.error) && !ctx.before?.context.error;

/** The investments page's parts. */
export const investPage = {
  plans: (ctx: PathContext) => ctx.page.getByRole('region', { name: 'Plans' }),
  planCard: (ctx: PathContext, name: string) => ctx.page.getByRole('article', { name, exact: true }),
  myPlans: (ctx: PathContext) => ctx.page.getByRole('region', { name: 'My plans' }),
  myPlanCards: (ctx: PathContext) => ctx.page.getByTestId('my-plan'),
};

/** The Demo Portal's plan named `name` (its id). */
export async function demoPlanId(ctx: PathContext, name: string): Promise<string> {
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  const { moduleInvestPlans } = await memberCall<{ moduleInvestPlans: { id: string; name: string }[] }>(
    ctx,
    'query ($uuid: ID!) { moduleInvestPlans(whitelabel_uuid: $uuid) { id name } }',
    { uuid },
  );
  const plan = moduleInvestPlans.find((entry) => entry.name === name);
  if (!plan) throw new Error(`No plan "${name}" on the Demo Portal`);
  return plan.id;
}

/** A Starter plan of the member with 100 USDT from the balance, made through the API: its id. */
export async function activateStarter(ctx: PathContext): Promise<string> {
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  const { moduleInvestActivate } = await memberCall<{ moduleInvestActivate: { id: string } }>(
    ctx,
    'mutation ($uuid: ID!, $plan: ID!) { moduleInvestActivate(whitelabel_uuid: $uuid, plan_id: $plan, amount: "100", idempotency_key: null) { id } }',
    { uuid, plan: await demoPlanId(ctx, 'Starter') },
  );
  return moduleInvestActivate.id;
}

/** Stops the member's plans `ids` that are still active (a path's leftovers): their payout goes back to the balance. */
export async function stopPlans(ctx: PathContext, ids: string[]) {
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  const { moduleInvestMyPlans } = await memberCall<{ moduleInvestMyPlans: { id: string }[] }>(
    ctx,
    'query ($uuid: ID!) { moduleInvestMyPlans(whitelabel_uuid: $uuid, status: "active") { id } }',
    { uuid },
  );
  for (const { id } of moduleInvestMyPlans.filter((entry) => ids.includes(entry.id))) {
    await memberCall(ctx, 'mutation ($uuid: ID!, $id: ID!) { moduleInvestStop(whitelabel_uuid: $uuid, id: $id, idempotency_key: null) { id } }', { uuid, id });
  }
}
