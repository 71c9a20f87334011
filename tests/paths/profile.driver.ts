// The profile's model paths on the real settings page, as the demo member: a photo goes through the real
// cropper (a small PNG fixture), Save sends the form and the page reloads, the language select switches the
// language and reloads the page. Each path starts in English (a path that switched to Spanish leaves the
// member's language so: it is switched back through the API first). The demo tenant lets members edit their
// name; the "name fixed" variant is the demo tenant's own settings with the name locked, staged in the page.
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { profileModel } from '../models/profile.model';
import { signIn } from '../e2e/support';
import type { MachineDriver, PathContext } from './driver';
import { memberCall } from './support';

const photo = { name: 'me.png', mimeType: 'image/png', buffer: readFileSync(new URL('./fixtures/avatar.png', import.meta.url)) };
// The profile's form is the one that says when it is busy (the staking wallet's does not).
const profileForm = (ctx: PathContext) => ctx.page.getByRole('main').locator('form[aria-busy]');
const field = (ctx: PathContext, name: string) => profileForm(ctx).getByRole('textbox', { name, exact: false }).first();
const supportCode = (ctx: PathContext) => profileForm(ctx).getByLabel('Support code', { exact: true });
const languageSelect = (ctx: PathContext) => profileForm(ctx).getByRole('combobox', { name: 'Language' });
const languageNames: Record<string, RegExp> = { en: /^Language/, es: /^Idioma/ };

/** The tenant's name lock, as the page's tenant settings carry it (in the page and from the API). */
async function lockName(ctx: PathContext) {
  ctx.staged("the demo tenant's settings with the name locked (allow_edit_name false; the demo tenant allows it)");
  const lock = (text: string) => text.replace(/"allow_edit_name":true/g, '"allow_edit_name":false');
  await ctx.page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    await route.fulfill({ response, body: lock(await response.text()) });
  });
  ctx.wire.stage('WhiteLabel', (answer) => JSON.parse(lock(JSON.stringify(answer))));
}

export const profileDriver: MachineDriver = {
  name: 'profile',
  model: profileModel,
  operations: { saveProfile: 'WhiteLabelUpdateUser', switchLanguage: 'SwitchLanguage' },
  async prepare(ctx) {
    ctx.state.token = (await signIn(ctx.page)).access_token;
    // An earlier path may have switched the member to Spanish.
    await memberCall(ctx, 'mutation { switchLanguage(language: "en") { status } }');
    const { allowEditName } = ctx.path.input as { allowEditName: boolean };
    if (!allowEditName) await lockName(ctx);
    const { me } = await memberCall<{ me: { name: string } }>(ctx, '{ me { name } }');
    ctx.state.name = me.name;
  },
  async open(ctx) {
    await ctx.page.goto('/settings');
    await expect(field(ctx, 'Phone')).toBeVisible();
  },
  gestures: {
    'avatar.set': async (ctx) => {
      await ctx.page.getByRole('main').locator('input[type="file"]').setInputFiles(photo);
      const cropper = ctx.page.getByRole('dialog', { name: 'Crop your photo' });
      await cropper.getByRole('button', { name: 'Use this photo' }).click();
      await expect(cropper).toHaveCount(0);
    },
    'avatar.reset': (ctx) => ctx.page.getByRole('main').getByRole('button', { name: 'Keep the current photo' }).click(),
    'profile.submit': async (ctx, event) => {
      const { values } = event;
      if (await field(ctx, 'Name').isEnabled()) await field(ctx, 'Name').fill(values.name);
      await field(ctx, 'Phone').fill(values.phone);
      await field(ctx, 'Telegram').fill(values.telegram);
      await supportCode(ctx).fill(values.supportCode);
      if (await field(ctx, 'Name').isEnabled()) ctx.state.name = values.name;
      ctx.state.saved = values;
      await profileForm(ctx).getByRole('button', { name: 'Save' }).click();
    },
    'language.change': async (ctx, event) => {
      await languageSelect(ctx).selectOption(event.language);
    },
  },
  answers: {
    'xstate.done.actor.saveProfile': async (ctx) => ctx.wire.clear('WhiteLabelUpdateUser'),
    'xstate.error.actor.saveProfile': async (ctx) => ctx.wire.failOnce('WhiteLabelUpdateUser'),
    'xstate.done.actor.switchLanguage': async (ctx) => ctx.wire.clear('SwitchLanguage'),
    'xstate.error.actor.switchLanguage': async (ctx) => ctx.wire.failOnce('SwitchLanguage'),
  },
  delays: {},
  isPassing: () => false,
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    const { allowEditName } = ctx.path.input as { allowEditName: boolean };
    if (snapshot.matches('reloading')) {
      // The reloaded page: saved (it says so, with the saved values) or in the new language.
      if (context.language) {
        await expect(ctx.page.locator('html')).toHaveAttribute('lang', context.language, now);
        await expect(profileForm(ctx).getByRole('combobox', { name: languageNames[context.language] })).toHaveValue(context.language, now);
        return;
      }
      await expect(ctx.page.getByText('Saved successfully.')).toBeVisible(now);
      await expect(field(ctx, 'Name')).toHaveValue(ctx.state.name, now);
      await expect(field(ctx, 'Phone')).toHaveValue(ctx.state.saved.phone, now);
      await expect(field(ctx, 'Telegram')).toHaveValue(ctx.state.saved.telegram, now);
      await expect(supportCode(ctx)).toHaveValue(ctx.state.saved.supportCode, now);
      return;
    }
    await expect(profileForm(ctx)).toHaveAttribute('aria-busy', String(snapshot.hasTag('busy')), now);
    // The language shown is the one being switched to, else the page's (also after a failed switch).
    await expect(languageSelect(ctx)).toHaveValue(context.language ?? 'en', now);
    if (allowEditName) await expect(field(ctx, 'Name')).toBeEnabled(now);
    else {
      await expect(field(ctx, 'Name')).toBeDisabled(now);
      await expect(profileForm(ctx).getByText('Your name cannot be changed here.')).toBeVisible(now);
    }
    const alert = profileForm(ctx).getByRole('alert');
    if (context.error) await expect(alert).toHaveText('Ooops! Something went wrong, please apply to the support chat.', now);
    else await expect(alert).toHaveCount(0, now);
    const main = ctx.page.getByRole('main');
    if (context.avatar) {
      await expect(main.getByText('The new photo is saved with the profile.')).toBeVisible(now);
      await expect(main.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', /^data:image\/png;base64,/, now);
      await expect(main.getByRole('button', { name: 'Keep the current photo' })).toBeEnabled(now);
    } else await expect(main.getByText('The new photo is saved with the profile.')).toHaveCount(0, now);
  },
  // One screen per state and what it shows (the locked name, a new photo, an error), not per combination.
  screenName: (snapshot) => {
    const { context } = snapshot;
    if (snapshot.matches('reloading')) return context.language ? 'reloading-language' : 'reloading-saved';
    const shows = context.error ? '-error' : context.avatar ? '-photo' : context.allowEditName ? '' : '-name-fixed';
    return `${String(snapshot.value)}${shows}`;
  },
};
