// The withdrawal request's model paths on the real withdrawals page. Two-factor on is the two-factor demo member
// (twofa@example.com: USDT 80, EUR 250 and the template "Ledger wallet", server/db/seed.ts and
// modules/wallet/demo-data.ts), its code from the authenticator where the server is to take it; two-factor off is
// the demo member (no two-factor); overdue invoices is a new member whose overdue invoices are set by the dev
// control before the page opens. The server's own answers throughout: a wrong code (the model's 654321), the
// overdue invoices set by the dev control just before the request (suspended meanwhile). Only "two-factor turned
// off meanwhile" is staged: turning it off would replace the member's fixed secret (activation makes a new one),
// so the answer is the server's own refusal of the same request from the demo member, whose two-factor is off.
import { expect, type Locator } from '@playwright/test';
import type { WithdrawalFormValues } from '../../machines/wallet/withdrawal.schema';
import { withdrawalModel } from '../models/withdrawal.model';
import { apiLogIn, demo, demoOrigin, devControl, runnerHeaders } from '../e2e/support';
import { e2ePort } from '../../playwright.config';
import type { MachineDriver, PathContext } from './driver';
import { answerUnsent, memberCall, notice, signInFor, signInTwoFactor, twofaCode } from './support';

const form = (ctx: PathContext) => ctx.page.getByRole('region', { name: 'Request a withdrawal' });
const list = (ctx: PathContext) => ctx.page.getByRole('region', { name: 'My withdrawals' });
const textField = (ctx: PathContext, name: string) => form(ctx).getByRole('textbox', { name, exact: false });
const select = (ctx: PathContext, name: string) => form(ctx).getByRole('combobox', { name });
const checkbox = (ctx: PathContext, name: string) => form(ctx).getByRole('checkbox', { name });
const codeField = (ctx: PathContext) => form(ctx).getByLabel('Code from the authenticator app');
const submitButton = (ctx: PathContext) => form(ctx).getByRole('button', { name: 'Request withdrawal' });

/** The member's words for the form's codes (src/features/wallet/wallet.messages.ts). */
const fieldMessages: Record<string, string> = {
  iban: 'This IBAN is not valid',
  walletAccess: 'Confirm that you have access to this wallet or account',
};
/** The server's refusals in the member's words (src/lib/app-error-text.ts): beside the code field, or in the notifier. */
const errorTexts: Record<string, string> = {
  TwoFaCodeError: 'Incorrect verification code. The code must be 6 characters.',
  network: 'Ooops! Something went wrong, please apply to the support chat.',
};
/** The model's template (tests/models/withdrawal.model.ts) is the two-factor member's seeded one. */
const templateNames: Record<string, string> = { '7': 'Ledger wallet' };

/** The member's new withdrawals canceled (the amount back in the wallet): a path starts from what the seed left. */
export async function cancelNewWithdrawals(ctx: PathContext) {
  const { withdrawals } = await memberCall<{ withdrawals: { data: { id: string; cancelable: boolean }[] } }>(
    ctx,
    '{ withdrawals(status: "new", page: 1, count: 50) { data { id cancelable } } }',
  );
  for (const row of withdrawals.data.filter((entry) => entry.cancelable)) {
    await memberCall(ctx, 'mutation ($id: ID!) { cancelWithdrawal(id: $id) { id } }', { id: row.id });
  }
}

/** The member's overdue invoices, as the back office counts them (the dev control). */
const setOverdue = (ctx: PathContext, email: string, count: number) =>
  devControl(ctx.request, '/dev/user-settings', { email, overdue_trader_fee_invoices: count });

async function setText(field: Locator, value: string) {
  if ((await field.inputValue()) !== value) await field.fill(value);
}

async function setChecked(box: Locator, checked: boolean) {
  if ((await box.isChecked()) !== checked) await box.click();
}

/** A template name not yet taken: a run that saved "Main account" once (the gallery walks twice) saves "Main account 2". */
async function freeTemplateName(ctx: PathContext, name: string): Promise<string> {
  const { withdrawalOptions } = await memberCall<{ withdrawalOptions: { templates: { name: string }[] } }>(
    ctx,
    '{ withdrawalOptions { templates { name } } }',
  );
  const taken = new Set(withdrawalOptions.templates.map((template) => template.name));
  let free = name;
  for (let next = 2; taken.has(free); next += 1) free = `${name} ${next}`;
  return free;
}

/** The server's own refusal of `values` for a member without two-factor: the demo member's answer. */
async function refusalWithoutTwoFactor(ctx: PathContext, values: WithdrawalFormValues) {
  const { access_token } = await apiLogIn(ctx.page, demo);
  const response = await ctx.page.request.post(`http://localhost:${e2ePort}/graphql`, {
    headers: { ...runnerHeaders, origin: demoOrigin, authorization: `Bearer ${access_token}` },
    data: {
      query: 'mutation ($input: WithdrawalRequestInput!) { requestWithdrawal(input: $input) { id } }',
      variables: {
        input: {
          currency: values.currency,
          amount: values.amount,
          method: values.method,
          holder_name: values.holderName,
          iban: values.iban,
          confirm_wallet_access: values.confirmAccess,
          twofa_verification_code: values.code,
        },
      },
    },
  });
  const answer = await response.json();
  expect(answer.errors?.[0]?.extensions?.reason, 'the demo member is refused for its two-factor being off').toBe('TwoFaRequired');
  return answer;
}

export const withdrawalDriver: MachineDriver = {
  name: 'withdrawal',
  model: withdrawalModel,
  operations: { requestWithdrawal: 'RequestWithdrawal' },
  async prepare(ctx) {
    const variant = ctx.path.variant;
    if (variant === 'two-factor off') return signInFor(ctx, 'demo');
    if (variant === 'overdue invoices') {
      // A member of the path's own: the demo members are not left suspended for the paths after it.
      await signInFor(ctx, 'empty');
      const { me } = await memberCall<{ me: { email: string } }>(ctx, '{ me { email } }');
      await setOverdue(ctx, me.email, 1);
      return;
    }
    await signInTwoFactor(ctx);
    // What an earlier path left: its overdue invoices, its requests (their amounts locked).
    await setOverdue(ctx, ctx.state.email, 0);
    await cancelNewWithdrawals(ctx);
  },
  async open(ctx) {
    await ctx.page.goto('/withdrawals');
    await expect(form(ctx)).toBeVisible();
  },
  gestures: {
    'withdrawal.submit': async (ctx, { values }: { values: WithdrawalFormValues }) => {
      const wallet = select(ctx, 'Wallet');
      if ((await wallet.inputValue()) !== values.currency) await wallet.selectOption(values.currency);
      await setText(textField(ctx, 'Amount'), values.amount);
      const payOutTo = select(ctx, 'Pay out to');
      const template = values.templateId
        ? await payOutTo.locator('option', { hasText: templateNames[values.templateId]! }).getAttribute('value')
        : '';
      if ((await payOutTo.inputValue()) !== template) await payOutTo.selectOption(template!);
      if (values.templateId === null) {
        const method = select(ctx, 'Payout method');
        if ((await method.count()) && (await method.inputValue()) !== values.method) await method.selectOption(values.method);
        if (values.method === 'crypto') {
          await select(ctx, 'Network').selectOption(values.network);
          await setText(textField(ctx, 'Wallet address'), values.address);
        }
        if (values.method === 'iban') {
          await setText(textField(ctx, 'Account holder'), values.holderName);
          await setText(form(ctx).getByRole('textbox', { name: 'IBAN', exact: true }), values.iban);
          await setText(textField(ctx, 'BIC (optional)'), values.bic);
        }
        await setChecked(checkbox(ctx, 'Save these details as a template'), values.saveTemplate);
        if (values.saveTemplate) await setText(textField(ctx, 'Template name'), await freeTemplateName(ctx, values.templateName));
      }
      await setChecked(checkbox(ctx, 'I confirm that I have access to this wallet or account'), values.confirmAccess);
      // The authenticator's code where the server is to take it; else the model's code as typed.
      const code = ctx.state.takesCode ? await twofaCode() : values.code;
      ctx.state.takesCode = false;
      await setText(codeField(ctx), code);
      await submitButton(ctx).click();
    },
    'withdrawal.again': (ctx) => form(ctx).getByRole('button', { name: 'Request another withdrawal' }).click(),
  },
  answers: {
    'xstate.done.actor.requestWithdrawal': async (ctx, event) => {
      const output = event.output as { ok: boolean; reason?: string };
      if (output.ok) {
        ctx.state.takesCode = true;
        return;
      }
      if (output.reason === 'WithdrawalsSuspended') return void (await setOverdue(ctx, ctx.state.email, 1));
      if (output.reason === 'TwoFaRequired') {
        ctx.staged('two-factor turned off meanwhile: the server\'s refusal of the same request from the demo member, whose two-factor is off');
        const values = (ctx.path.path.steps.find((step) => (step.event as { type: string }).type === 'withdrawal.submit')!.event as { values: WithdrawalFormValues })
          .values;
        // Not let through: the member's two-factor is on, and the server would take the request.
        await answerUnsent(ctx, 'RequestWithdrawal', await refusalWithoutTwoFactor(ctx, values));
      }
      // TwoFaCodeError: the model's code 654321 is typed, and the server refuses it.
    },
    'xstate.error.actor.requestWithdrawal': async (ctx) => ctx.wire.failOnce('RequestWithdrawal'),
  },
  delays: {},
  isPassing: (snapshot) => snapshot.hasTag('busy'),
  screenName: (snapshot) => {
    if (!snapshot.matches('editing')) return String(snapshot.value);
    if (Object.keys(snapshot.context.fieldErrors).length) return 'editing-field-errors';
    return snapshot.context.error ? 'editing-refused' : 'editing';
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const section = form(ctx);
    await expect(section).toBeVisible(now);
    await expect(list(ctx)).toBeVisible(now);
    const suspended = section.getByTestId('withdrawals-suspended');
    const needsTwoFactor = section.getByTestId('withdrawal-needs-2fa');
    if (snapshot.matches('suspended') && snapshot.context.setup.suspendedReason === 'overdue_invoices') {
      await expect(suspended).toContainText('Withdrawals are suspended because of overdue invoices.', now);
      await expect(section.getByRole('link', { name: 'Pay the overdue invoices' })).toHaveAttribute('href', '/invoices', now);
    } else if (snapshot.matches('suspended')) {
      // Suspended meanwhile: the server said only that they are.
      await expect(suspended).toContainText('Withdrawals are suspended for your account.', now);
    } else await expect(suspended).toHaveCount(0, now);
    if (snapshot.matches('twoFactorOff')) {
      await expect(needsTwoFactor).toContainText('Turn on two-factor authentication to withdraw.', now);
      await expect(section.getByRole('link', { name: 'Turn on two-factor authentication' })).toHaveAttribute('href', '/security', now);
    } else await expect(needsTwoFactor).toHaveCount(0, now);
    if (!snapshot.matches('editing')) await expect(submitButton(ctx)).toHaveCount(0, now);
    if (snapshot.matches('requested')) {
      const status = section.getByRole('status');
      await expect(status).toContainText('Your withdrawal of €100.00 is requested (status: New).', now);
      await expect(status).toContainText('It goes to IBAN •••• 3000. Payouts take 1-3 working days.', now);
      await expect(section.getByRole('button', { name: 'Request another withdrawal' })).toBeEnabled(now);
      return;
    }
    if (!snapshot.matches('editing')) return;
    await expect(submitButton(ctx)).toBeEnabled(now);
    await expect(submitButton(ctx)).not.toHaveAttribute('data-loading', /.*/, now);
    await expect(section.getByText(/Payouts take 1-3\s+working days/)).toBeVisible(now);
    const { values, fieldErrors, error } = snapshot.context;
    // The rules' messages by field: those the flow names, and no other.
    const codes = Object.values(fieldErrors).map((code) => String(code).split(':')[0]!);
    for (const [code, text] of Object.entries(fieldMessages)) {
      if (codes.includes(code)) await expect(section.getByText(text)).toBeVisible(now);
      else await expect(section.getByText(text)).toHaveCount(0, now);
    }
    // A refusal is said in the notifier (one that names the code field beside it); the form shows no alert.
    await expect(section.getByRole('alert')).toHaveCount(0, now);
    if (error?.reason === 'TwoFaCodeError') await expect(section.getByText(errorTexts.TwoFaCodeError!)).toBeVisible(now);
    else if (error) await expect(notice(ctx, errorTexts[error.reason ?? error.code]!).first()).toBeVisible(now);
    if (!values) {
      // A new form: the first wallet, nothing typed.
      await expect(select(ctx, 'Wallet')).toHaveValue('USDT', now);
      await expect(textField(ctx, 'Amount')).toHaveValue('', now);
      return;
    }
    // What was typed stays after a refusal.
    await expect(select(ctx, 'Wallet')).toHaveValue(values.currency, now);
    await expect(textField(ctx, 'Amount')).toHaveValue(values.amount, now);
    if (values.method === 'iban' && values.templateId === null) {
      await expect(form(ctx).getByRole('textbox', { name: 'IBAN', exact: true })).toHaveValue(values.iban, now);
    }
    await expect(checkbox(ctx, 'I confirm that I have access to this wallet or account')).toBeChecked({ ...now, checked: values.confirmAccess });
  },
};
