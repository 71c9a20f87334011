// Requesting a license: the model's paths on the Demo Portal's real /licenses page, each as a new member who bought
// Portfolio Tracker Pro (the model's "tracker": 3 licenses, no server) and Copy-Trading Access ("copy": 1 license, a
// trading-platform license naming the broker's server), or nothing when the path's first load finds no products. A
// request that goes through is the server's own. What the server cannot answer at that step is staged: a refusal
// by name (no licenses left meanwhile) or a field the server refuses is answered without reaching the server, so it
// takes no license; a later load that finds no products or no licenses left is the server's own answer changed; a
// failed call is the network failing.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { LicenseOverview } from '../../machines/licenses/license-request.types';
import { licenseRequestModel } from '../models/license-request.model';
import { demoOrigin, whiteLabelUuid } from '../e2e/support';
import { buyLicensedProduct } from '../e2e/licenses-support';
import { serverRefusal, type MachineDriver, type PathContext } from './driver';
import { answerUnsent, memberCall, notice, signInFor } from './support';

type Variant = 'can' | 'NoProductsBought' | 'NoLicensesLeft';

const variantOf = (overview: LicenseOverview): Variant => (overview.canRequest ? 'can' : (overview.reason ?? 'NoLicensesLeft'));

const loadVariants = (ctx: PathContext): Variant[] =>
  ctx.path.path.steps
    .map((step) => step.event as { type: string; output?: LicenseOverview })
    .filter((event) => event.type === 'xstate.done.actor.loadOverview')
    .map((event) => variantOf(event.output!));

const productNames: Record<string, string> = { tracker: 'Portfolio Tracker Pro', copy: 'Copy-Trading Access' };
const labels = { brokerAccount: /^Broker account number/, brokerServer: /^Broker server/, comment: /^Comment/ } as const;
const panel = (ctx: PathContext) => ctx.page.getByRole('region', { name: 'Request a license' });
const productField = (ctx: PathContext) => panel(ctx).getByRole('combobox', { name: /^Product/ });
const textField = (ctx: PathContext, field: keyof typeof labels) => panel(ctx).getByRole('textbox', { name: labels[field] });

/** The overview's answer as a load of `variant` finds it (from the server's own answer). */
function changed(variant: Variant) {
  return (answer: any) => {
    const overview = answer?.data?.moduleLicenseRequests;
    if (!overview || variant === 'can') return answer;
    const products = variant === 'NoProductsBought' ? [] : overview.products.map((product: any) => ({ ...product, licenses_left: 0 }));
    return { data: { moduleLicenseRequests: { ...overview, products, can_request: false, reason: variant } } };
  };
}

export const licenseRequestDriver: MachineDriver = {
  name: 'license-request',
  model: licenseRequestModel,
  operations: { loadOverview: 'LicenseRequests', createRequest: 'LicenseRequestCreate' },
  async prepare(ctx) {
    const first = loadVariants(ctx)[0] ?? 'can';
    ctx.state.real = first;
    await signInFor(ctx, 'empty');
    if (first !== 'NoProductsBought') {
      await buyLicensedProduct(ctx.page, ctx.request, ctx.state.token, 'Portfolio Tracker Pro');
      await buyLicensedProduct(ctx.page, ctx.request, ctx.state.token, 'Copy-Trading Access');
    }
    const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
    const { moduleLicenseRequests } = await memberCall<{ moduleLicenseRequests: { products: { id: string; name: string }[] } }>(
      ctx,
      'query ($uuid: ID!) { moduleLicenseRequests(whitelabel_uuid: $uuid) { products { id name } } }',
      { uuid },
    );
    // The model's product ids as the real page's options.
    ctx.state.productIds = Object.fromEntries(
      Object.entries(productNames).map(([id, name]) => [id, moduleLicenseRequests.products.find((product) => product.name === name)?.id ?? '']),
    );
  },
  async open(ctx) {
    await ctx.page.goto(`${demoOrigin}/licenses`);
  },
  gestures: {
    'field.change': async (ctx, event: { field: string; value: string }) => {
      if (event.field === 'productId') return void (await productField(ctx).selectOption(ctx.state.productIds[event.value] ?? ''));
      await textField(ctx, event.field as keyof typeof labels).fill(event.value);
    },
    'request.submit': (ctx) => panel(ctx).getByRole('button', { name: 'Request a license' }).click(),
    'load.retry': (ctx) => ctx.page.getByRole('main').getByRole('button', { name: 'Try again' }).click(),
  },
  answers: {
    'xstate.done.actor.loadOverview': async (ctx, event: { output: LicenseOverview }) => {
      const variant = variantOf(event.output);
      if (variant === ctx.state.real) return ctx.wire.clear('LicenseRequests');
      ctx.staged(`the licenses found ${variant} on a later load`);
      ctx.wire.stage('LicenseRequests', changed(variant), true);
    },
    'xstate.error.actor.loadOverview': async (ctx) => ctx.wire.failOnce('LicenseRequests'),
    'xstate.done.actor.createRequest': async (ctx, event: { output: { ok: boolean } }) => {
      if (event.output.ok) return ctx.wire.clear('LicenseRequestCreate');
      ctx.staged('the last license went between the page and the request');
      await answerUnsent(ctx, 'LicenseRequestCreate', serverRefusal('conflict', 'NoLicensesLeft', 'A license request is impossible: all licenses are already issued or under review.'));
    },
    'xstate.error.actor.createRequest': async (ctx, event: { error: { code: string } }) => {
      if (event.error.code !== 'validation') return ctx.wire.failOnce('LicenseRequestCreate');
      ctx.staged('the server refused the broker account');
      await answerUnsent(ctx, 'LicenseRequestCreate', {
        data: null,
        errors: [{ message: 'Invalid input.', extensions: { category: 'validation', fields: { broker_account: ['Use letters, digits, dots and dashes only.'] }, codes: { broker_account: ['brokerAccount'] } } }],
      });
    },
  },
  delays: {},
  isPassing: (snapshot) => snapshot.hasTag('loading') || snapshot.matches({ ready: 'sending' }) || snapshot.matches({ ready: 'refreshing' }),
  screenName: (snapshot: AnyMachineSnapshot) => {
    const value = snapshot.value as string | { ready: string };
    const name = typeof value === 'string' ? value : value.ready;
    const fields = Object.keys(snapshot.context.fieldErrors);
    const refusal = name === 'refused' ? `-${snapshot.context.overview?.reason}` : '';
    return `${name}${refusal}${fields.length ? `-${fields.join('-')}` : ''}${snapshot.context.created ? '-sent' : ''}`;
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    const main = ctx.page.getByRole('main');
    if (snapshot.matches('loadFailed')) {
      await expect(main.getByRole('alert')).toContainText('Your licenses could not be loaded.', now);
      return;
    }
    await expect(main.getByRole('region', { name: 'Your requests' })).toBeVisible(now);
    if (context.created) {
      await expect(panel(ctx).getByTestId('license-created')).toContainText(`Your request for ${productNames[context.created.productId]} is sent`, now);
      await expect(main.getByRole('article', { name: productNames[context.created.productId] }).first()).toContainText('Pending', now);
    } else await expect(panel(ctx).getByTestId('license-created')).toHaveCount(0, now);
    if (snapshot.matches({ ready: 'refused' })) {
      const text =
        context.overview.reason === 'NoProductsBought'
          ? 'A license request is impossible when no products are bought.'
          : 'A license request is impossible: all licenses are already issued or under review.';
      await expect(panel(ctx).getByTestId('license-refusal')).toContainText(text, now);
      await expect(panel(ctx).getByRole('button', { name: 'Request a license' })).toHaveCount(0, now);
      return;
    }
    await expect(productField(ctx)).toHaveValue(ctx.state.productIds[context.values.productId] ?? '', now);
    await expect(textField(ctx, 'brokerAccount')).toHaveValue(context.values.brokerAccount, now);
    await expect(textField(ctx, 'comment')).toHaveValue(context.values.comment, now);
    if (context.values.productId === 'copy') await expect(textField(ctx, 'brokerServer')).toHaveValue(context.values.brokerServer, now);
    else await expect(panel(ctx).getByRole('textbox', { name: labels.brokerServer })).toHaveCount(0, now);
    if (context.fieldErrors.productId) await expect(productField(ctx)).toHaveAttribute('aria-invalid', 'true', now);
    if (context.fieldErrors.brokerAccount === 'required') await expect(textField(ctx, 'brokerAccount')).toHaveAccessibleDescription(/This field is required/, now);
    if (context.fieldErrors.brokerAccount === 'brokerAccount')
      await expect(textField(ctx, 'brokerAccount')).toHaveAccessibleDescription(/Use letters, digits, dots and dashes only/, now);
    if (context.fieldErrors.brokerServer) await expect(textField(ctx, 'brokerServer')).toHaveAttribute('aria-invalid', 'true', now);
    if (context.error && context.error.code !== 'validation') await expect(notice(ctx).first()).toBeVisible(now);
    await expect(panel(ctx).getByRole('button', { name: 'Request a license' })).toBeEnabled(now);
  },
};
