// Canceling a withdrawal, the model's path on the real withdrawals page: the two-factor demo member's new
// requests, made through the API before the walk (each with its own code from the authenticator), canceled from
// the list; a cancel that goes through is the server's own, a network error drops the call. The refusal ("already
// being processed") is staged: only the back office moves a request on from new, and a request canceled elsewhere
// cancels again without a word, so the answer is the server's own refusal to cancel the demo member's seeded
// request in status "requested", given to the member's click without letting it through (the request stays new).
import { expect } from '@playwright/test';
import { withdrawalCancelModel } from '../models/withdrawal-cancel.model';
import type { MachineDriver, PathContext } from './driver';
import { answerUnsent, memberCall, notice, signInTwoFactor, twofaCode } from './support';
import { cancelNewWithdrawals } from './withdrawal.driver';
import { apiLogIn, demo, demoOrigin, devControl, runnerHeaders } from '../e2e/support';

const list = (ctx: PathContext) => ctx.page.getByRole('region', { name: 'My withdrawals' });
const rows = (ctx: PathContext) => list(ctx).getByTestId('withdrawal-row');
const cancelButton = (ctx: PathContext, index: number) => rows(ctx).nth(index).getByRole('button', { name: /^Cancel the withdrawal of/ });

/** The notifier's text for a refused or failed cancel (src/lib/app-error-text.ts). */
const errorTexts: Record<string, string> = {
  WithdrawalNotCancelable: 'This withdrawal is already being processed and can no longer be canceled.',
  network: 'Ooops! Something went wrong, please apply to the support chat.',
};

/** The path's requests, newest first as the list shows them: their ids and what the list says of each. */
interface Request {
  id: string;
  amount: string;
  status: 'New' | 'Canceled';
}

/** The server's own answer to canceling a request the back office has taken on: the demo member's seeded one. */
async function refusalForProcessed(ctx: PathContext) {
  const demoMember = { ...ctx, state: { token: (await apiLogIn(ctx.page, demo)).access_token } };
  const { withdrawals } = await memberCall<{ withdrawals: { data: { id: string }[] } }>(
    demoMember,
    '{ withdrawals(status: "requested", page: 1, count: 1) { data { id } } }',
  );
  const response = await ctx.page.request.post('/graphql', {
    headers: { ...runnerHeaders, origin: demoOrigin, authorization: `Bearer ${demoMember.state.token}` },
    data: { query: 'mutation CancelWithdrawal($id: ID!) { cancelWithdrawal(id: $id) { id status } }', variables: { id: withdrawals.data[0]!.id } },
  });
  const answer = await response.json();
  expect(answer.errors?.[0]?.extensions?.reason, 'the server refuses to cancel a request in status requested').toBe('WithdrawalNotCancelable');
  return answer;
}

export const withdrawalCancelDriver: MachineDriver = {
  name: 'withdrawal-cancel',
  model: withdrawalCancelModel,
  operations: { cancelWithdrawal: 'CancelWithdrawal' },
  async prepare(ctx) {
    await signInTwoFactor(ctx);
    await devControl(ctx.request, '/dev/user-settings', { email: ctx.state.email, overdue_trader_fee_invoices: 0 });
    await cancelNewWithdrawals(ctx);
    const { withdrawalOptions } = await memberCall<{ withdrawalOptions: { templates: { id: string; name: string }[] } }>(
      ctx,
      '{ withdrawalOptions { templates { id name } } }',
    );
    const template = withdrawalOptions.templates.find((entry) => entry.name === 'Ledger wallet')!;
    // One new request per cancel that goes through, and one for the cancels that do not (USDT to the member's
    // saved wallet, 10, 11, ... so each row reads apart).
    const answers = ctx.path.path.steps.map((step) => step.event as { type: string; output?: { ok: boolean } });
    const succeeding = answers.filter((event) => event.type === 'xstate.done.actor.cancelWithdrawal' && event.output!.ok).length;
    const failing = answers.filter((event) => event.type.endsWith('actor.cancelWithdrawal')).length - succeeding;
    const requests: Request[] = [];
    for (let index = 0; index < succeeding + Math.min(failing, 1); index += 1) {
      const amount = String(10 + index);
      const { requestWithdrawal } = await memberCall<{ requestWithdrawal: { id: string } }>(
        ctx,
        'mutation ($input: WithdrawalRequestInput!) { requestWithdrawal(input: $input) { id } }',
        {
          input: { currency: 'USDT', amount, template_id: template.id, confirm_wallet_access: true, twofa_verification_code: await twofaCode() },
        },
      );
      requests.unshift({ id: requestWithdrawal.id, amount: `$${amount}.00`, status: 'New' });
    }
    ctx.state.requests = requests;
  },
  async open(ctx) {
    await ctx.page.goto('/withdrawals');
    await expect(rows(ctx).first()).toBeVisible();
  },
  gestures: {
    'withdrawal.cancel': async (ctx) => {
      // The newest request the list still offers to cancel.
      const requests: Request[] = ctx.state.requests;
      const index = requests.findIndex((request) => request.status === 'New');
      await cancelButton(ctx, index).click();
      if (ctx.state.canceled) requests[index]!.status = 'Canceled';
      ctx.state.canceled = false;
    },
  },
  answers: {
    'xstate.done.actor.cancelWithdrawal': async (ctx, event) => {
      if (event.output.ok) {
        ctx.state.canceled = true;
        return;
      }
      ctx.staged("the request already being processed: the server's refusal to cancel the demo member's request in status requested");
      await answerUnsent(ctx, 'CancelWithdrawal', await refusalForProcessed(ctx));
    },
    'xstate.error.actor.cancelWithdrawal': async (ctx) => ctx.wire.failOnce('CancelWithdrawal'),
  },
  delays: {},
  isPassing: (snapshot) => snapshot.hasTag('busy'),
  screenName: (snapshot) => {
    const error = snapshot.context.error;
    if (!error) return String(snapshot.value);
    return error.code === 'network' ? 'idle-failed' : 'idle-refused';
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const requests: Request[] = ctx.state.requests;
    for (const [index, request] of requests.entries()) {
      const row = rows(ctx).nth(index);
      await expect(row).toContainText(request.amount, now);
      await expect(row).toContainText(request.status, now);
      if (request.status === 'New') {
        await expect(cancelButton(ctx, index)).toBeEnabled(now);
        await expect(cancelButton(ctx, index)).not.toHaveAttribute('data-loading', /.*/, now);
      } else await expect(cancelButton(ctx, index)).toHaveCount(0, now);
    }
    const { error } = snapshot.context;
    // A refused or failed cancel is said in the notifier, not in the list.
    await expect(list(ctx).getByRole('alert')).toHaveCount(0, now);
    if (error) await expect(notice(ctx, errorTexts[error.reason ?? error.code]!).first()).toBeVisible(now);
    // A cancel that went through says the amount is back.
    const canceledByMember = ctx.before?.matches('canceling') && !error;
    if (canceledByMember) await expect(ctx.page.getByText('The withdrawal is canceled and the amount is back in your wallet.')).toBeVisible(now);
  },
};
