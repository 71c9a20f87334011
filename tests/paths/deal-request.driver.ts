// Filing a deal request: the model's paths on the Demo Portal's real deals page, each as a new member. The model's
// input is the draft the tab kept: it is put in this tab's session storage for the new member before the page
// opens, so the page comes back with it (and opens on the form). A deal that is filed is the server's own. What the
// server cannot answer at that step is staged from its own answer: a field the server refuses (the form checks the
// same rules first, so the real server never does); a failed call is the network failing.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { DealRequestInput } from '../../machines/deals/deal-request.types';
import { dealRequestModel } from '../models/deal-request.model';
import { demoOrigin } from '../e2e/support';
import type { MachineDriver, PathContext } from './driver';
import { memberCall, notice, signInFor } from './support';

const labels = { first_name: /^First name/, readiness: /^Readiness/, contacts: /^Contacts/ } as const;
const main = (ctx: PathContext) => ctx.page.getByRole('main');
const button = (ctx: PathContext, name: string) => main(ctx).getByRole('button', { name, exact: true });
const problemTexts: Record<string, string> = {
  required: 'This field is required',
  choice: 'Choose one of the options offered',
  'maxLength:100': 'Use at most 100 characters',
  'minLength:5': 'Use at least 5 characters',
};

/** A validation error naming one field, as the server sends it (server/errors.ts validationError). */
const refusal = (error: { fieldCodes?: Record<string, string[]>; fields?: Record<string, string[]> }) => ({
  data: null,
  errors: [{ message: Object.values(error.fields ?? {}).flat().join('\n'), extensions: { category: 'validation', fields: error.fields, codes: error.fieldCodes } }],
});

export const dealRequestDriver: MachineDriver = {
  name: 'deal-request',
  model: dealRequestModel,
  operations: { createDeal: 'DealCreate' },
  async prepare(ctx) {
    await signInFor(ctx, 'empty');
    const { me } = await memberCall<{ me: { uuid: string } }>(ctx, '{ me { uuid } }');
    const { draft } = ctx.path.input as DealRequestInput;
    // Put in the tab once, before its first page: later loads of the path see what the page itself kept.
    await ctx.page.addInitScript((stored) => {
      if (window.sessionStorage.getItem('paths-draft-placed')) return;
      window.sessionStorage.setItem('paths-draft-placed', '1');
      window.sessionStorage.setItem(stored.key, stored.values);
    }, { key: `form-draft:${me.uuid}:deal-request`, values: JSON.stringify(draft) });
  },
  async open(ctx) {
    await ctx.page.goto(`${demoOrigin}/deals`);
  },
  gestures: {
    'field.change': async (ctx, event: { field: keyof typeof labels; value: string }) => {
      if (event.field === 'readiness') {
        await main(ctx).getByRole('combobox', { name: labels.readiness }).selectOption(event.value);
        return;
      }
      await main(ctx).getByRole('textbox', { name: labels[event.field] }).fill(event.value);
    },
    'step.next': (ctx) => button(ctx, 'Next').click(),
    'step.back': (ctx) => button(ctx, 'Back').click(),
    'deal.submit': (ctx) => button(ctx, 'Send the request').click(),
    'deal.another': (ctx) => button(ctx, 'File another request').click(),
  },
  answers: {
    'xstate.done.actor.createDeal': async (ctx) => ctx.wire.clear('DealCreate'),
    'xstate.error.actor.createDeal': async (ctx, event: { error: { code: string; fieldCodes?: Record<string, string[]>; fields?: Record<string, string[]> } }) => {
      if (event.error.code !== 'validation') return ctx.wire.failOnce('DealCreate');
      ctx.staged(`the server refused ${Object.keys(event.error.fieldCodes ?? {}).join(', ')}`);
      ctx.wire.stage('DealCreate', () => refusal(event.error), true);
    },
  },
  delays: {},
  isPassing: (snapshot) => snapshot.matches('sending'),
  screenName: (snapshot: AnyMachineSnapshot) => {
    const value = snapshot.value as string | { editing: string };
    const name = typeof value === 'string' ? value : value.editing;
    return `${name}${Object.values(snapshot.context.fieldErrors).some(Boolean) ? '-problems' : ''}`;
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    if (snapshot.matches('filed')) {
      await expect(main(ctx).getByTestId('deal-filed')).toContainText(/Deal No\. \d+ is New\./, now);
      return;
    }
    const step = snapshot.matches({ editing: 'who' }) ? 1 : snapshot.matches({ editing: 'what' }) ? 2 : 3;
    await expect(main(ctx).getByTestId('deal-step')).toContainText(`Step ${step} of 3`, now);
    if (step === 1) await expect(main(ctx).getByRole('textbox', { name: labels.first_name })).toHaveValue(context.values.first_name, now);
    if (step === 2) await expect(main(ctx).getByRole('combobox', { name: labels.readiness })).toHaveValue(context.values.readiness, now);
    if (step === 3) await expect(main(ctx).getByRole('textbox', { name: labels.contacts })).toHaveValue(context.values.contacts, now);
    for (const [field, code] of Object.entries(context.fieldErrors as Record<string, string | undefined>)) {
      if (code) await expect(main(ctx).getByTestId(`deal-${field}`)).toHaveAccessibleDescription(new RegExp(problemTexts[code]!), now);
    }
    if (context.error && context.error.code !== 'validation') await expect(notice(ctx).first()).toBeVisible(now);
    await expect(button(ctx, step === 3 ? 'Send the request' : 'Next')).toBeEnabled(now);
  },
};
