// What the investments area's walks share: a tenant with the investment plans module, the page's lists as the
// models load them (Starter and Growth; the member's active Starter and the one stopped early), the page
// rendered inside its flow (the Activate and Stop early dialogs run as its children), and typing into a field.
import { fireEvent } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { fromPromise, type AnyActorLogic } from 'xstate';
import { investPlansMachine } from '../../machines/investments/invest-plans.machine';
import type { InvestPlansInput } from '../../machines/investments/invest-plans.types';
import { investPlansQueryOptions } from '../../src/api/investments';
import { InvestmentsView } from '../../src/features/investments/investments-view';
import { InvestPlansContext } from '../../src/features/investments/investments.contexts';
import type { TenantConfig } from '../../src/lib/tenant';
import { memberQueryClient } from '../support/member';
import { renderView, testTenant } from '../support/render';
import { investPlansFixtures } from '../models/invest-plans.model';

/** Both lists as the page's model loads them. */
export const loadedPlans = investPlansFixtures['xstate.done.actor.loadPlans'][0]!.output;

export const investmentsTenant: TenantConfig = {
  ...testTenant,
  whiteLabel: { ...testTenant.whiteLabel, modules: [{ module: 'invest_plans' }] } as unknown as TenantConfig['whiteLabel'],
};

/** The query client of a member's page, with the tenant's plans (what the calculator offers) loaded. */
export function investmentsQueryClient() {
  const queryClient = memberQueryClient();
  // The answers are given, not fetched: nothing refetches them behind the walk.
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  queryClient.setQueryData(investPlansQueryOptions(investmentsTenant.uuid).queryKey, loadedPlans.plans);
  return queryClient;
}

/**
 * The page's flow with its lists loaded at once and its own effects silent, running `children` as its
 * Activate and Stop early dialogs (a walked dialog's logic; the real dialog machines otherwise).
 */
export const pageLogic = (children: { activate?: AnyActorLogic; stop?: AnyActorLogic } = {}) =>
  investPlansMachine.provide({
    actors: { loadPlans: fromPromise(async () => loadedPlans), ...children } as never,
    actions: { notifyFailure: () => {}, refreshBalances: () => {} },
  });

/** The investments page as its route renders it: the view inside the page's flow. Returns the page's actor. */
export function renderInvestmentsPage(logic: typeof investPlansMachine, input: InvestPlansInput, clock?: unknown) {
  let actor: { getSnapshot: () => any; send: (event: any) => void } | undefined;
  function CaptureActor() {
    actor = InvestPlansContext.useActorRef();
    return null;
  }
  renderView(
    <InvestPlansContext.Provider logic={logic} options={{ input, clock: clock as never }}>
      <CaptureActor />
      <InvestmentsView />
    </InvestPlansContext.Provider>,
    { tenant: investmentsTenant, queryClient: investmentsQueryClient() },
  );
  return () => actor!;
}

/**
 * Types `value` into a field as a member ends up with it: a different text arrives as one change (typed or
 * pasted; text the field refuses stays out); the same text again, by clearing the field and typing it anew.
 */
export async function retype(user: UserEvent, field: HTMLInputElement, value: string) {
  if (field.value !== value) {
    fireEvent.change(field, { target: { value } });
    return;
  }
  await user.clear(field);
  await user.type(field, value || '1');
  if (!value) await user.clear(field);
}
