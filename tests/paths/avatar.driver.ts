// The avatar's model paths on the real settings page, as the demo member: a small PNG fixture through the
// page's file input, the real cropper (rotate, Use this photo, Cancel) and the 150×150 square it draws, which
// the profile shows as the photo to save. Reading and drawing happen in the browser, not on the server: where
// the model has them fail or take long enough for the member to cancel, the browser is made so (a file the
// browser cannot read, a picture it cannot draw, a drawing held until the path's next step), and the report
// says so. The "no FileReader" variant is a browser without that API.
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { avatarModel } from '../models/avatar.model';
import { signIn } from '../e2e/support';
import type { MachineDriver, PathContext } from './driver';
import { pathEvents, stepIndex } from './two-factor-support';

const photo = { name: 'me.png', mimeType: 'image/png', buffer: readFileSync(new URL('./fixtures/avatar.png', import.meta.url)) };
const cropper = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: 'Crop your photo' });
const usePhoto = (ctx: PathContext) => cropper(ctx).getByRole('button', { name: 'Use this photo' });
const readFailure = 'This picture could not be read. Please choose another PNG or JPG file.';
const drawFailure = 'The photo could not be prepared. Please try again, or choose another picture.';

/**
 * The browser's side of reading and drawing, steerable by the walk: the next file read fails, or the next
 * picture drawn off screen (the 150×150 square) waits until let go, loaded or broken.
 */
function browserControls() {
  const w = window as any;
  w.__paths = { failRead: false, holdDraw: false, held: [] as (() => void)[] };
  const readAsDataURL = FileReader.prototype.readAsDataURL;
  FileReader.prototype.readAsDataURL = function (this: FileReader, blob: Blob) {
    if (!w.__paths.failRead) return readAsDataURL.call(this, blob);
    w.__paths.failRead = false;
    setTimeout(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>));
  };
  const src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src')!;
  Object.defineProperty(HTMLImageElement.prototype, 'src', {
    ...src,
    set(this: HTMLImageElement, value: string) {
      if (!w.__paths.holdDraw || this.isConnected || !String(value).startsWith('data:')) return src.set!.call(this, value);
      w.__paths.holdDraw = false;
      w.__paths.held.push((broken: boolean) => src.set!.call(this, broken ? 'data:image/png;base64,broken' : value));
    },
  });
}

const setControl = (page: Page, key: 'failRead' | 'holdDraw') => page.evaluate((key) => ((window as any).__paths[key] = true), key);
const letDrawingGo = (page: Page, broken: boolean) =>
  page.evaluate((broken) => (window as any).__paths.held.shift()?.(broken), broken);

/** The step after the one being taken. */
const nextEvent = (ctx: PathContext) => pathEvents(ctx)[stepIndex(ctx) + 1];

export const avatarDriver: MachineDriver = {
  name: 'avatar',
  model: avatarModel,
  operations: {},
  async prepare(ctx) {
    await signIn(ctx.page);
    const { canReadFiles } = ctx.path.input as { canReadFiles: boolean };
    if (canReadFiles) await ctx.page.addInitScript(browserControls);
    else {
      ctx.staged('a browser without the FileReader API');
      await ctx.page.addInitScript(() => delete (window as any).FileReader);
    }
    ctx.state.alerts = [];
    ctx.page.on('dialog', (dialog) => {
      ctx.state.alerts.push(dialog.message());
      void dialog.dismiss();
    });
  },
  async open(ctx) {
    await ctx.page.goto('/settings');
    await expect(ctx.page.getByRole('main').getByRole('button', { name: 'Change photo' })).toBeVisible();
  },
  gestures: {
    'file.choose': async (ctx, event) => {
      if (nextEvent(ctx)?.type === 'xstate.error.actor.readFile') {
        ctx.staged('the browser cannot read the file');
        await setControl(ctx.page, 'failRead');
      }
      const gif = event.file.type === 'image/gif';
      await ctx.page
        .getByRole('main')
        .locator('input[type="file"]')
        .setInputFiles(gif ? { name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') } : photo);
    },
    'crop.confirm': async (ctx, event) => {
      const next = nextEvent(ctx)?.type;
      // Drawn in a blink: held until the path's next step says how it ends (or the member cancels first).
      if (next !== 'xstate.done.actor.cropImage') {
        if (next !== 'xstate.error.actor.cropImage') ctx.staged('the square takes long enough to draw for the member to cancel');
        await setControl(ctx.page, 'holdDraw');
      }
      for (let turned = 0; turned < event.area.rotation; turned += 90) await cropper(ctx).getByRole('button', { name: 'Rotate 90 degrees' }).click();
      await usePhoto(ctx).click();
    },
    'crop.cancel': (ctx) => cropper(ctx).getByRole('button', { name: 'Cancel' }).click(),
  },
  answers: {},
  settles: {
    'xstate.done.actor.readFile': async () => {},
    'xstate.error.actor.readFile': async () => {},
    'xstate.done.actor.cropImage': async () => {},
    'xstate.error.actor.cropImage': async (ctx) => {
      ctx.staged('the browser cannot draw the picture');
      await letDrawingGo(ctx.page, true);
    },
  },
  delays: {},
  isPassing: () => false,
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    const main = ctx.page.getByRole('main');
    if (snapshot.hasTag('cropper')) {
      await expect(cropper(ctx)).toBeVisible(now);
      await expect(cropper(ctx).locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/, now);
      await expect(cropper(ctx).getByRole('button', { name: 'Cancel' })).toBeEnabled(now);
      if (snapshot.hasTag('busy')) await expect(usePhoto(ctx)).toHaveAttribute('data-loading', 'true', now);
      else await expect(usePhoto(ctx)).toBeEnabled(now);
      if (context.failure === 'draw') await expect(cropper(ctx).getByRole('alert')).toHaveText(drawFailure, now);
      else await expect(cropper(ctx).getByRole('alert')).toHaveCount(0, now);
    } else await expect(cropper(ctx)).toHaveCount(0, now);
    // The drawn square is the photo the profile will save.
    if (context.result) {
      await expect(main.getByText('The new photo is saved with the profile.')).toBeVisible(now);
      await expect(main.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', /^data:image\/png;base64,/, now);
    } else await expect(main.getByText('The new photo is saved with the profile.')).toHaveCount(0, now);
    if (context.failure === 'read') await expect(main.getByText(readFailure)).toBeVisible(now);
    else await expect(main.getByText(readFailure)).toHaveCount(0, now);
    // Without FileReader an alert says so, once per picture chosen.
    const { canReadFiles } = ctx.path.input as { canReadFiles: boolean };
    const chosen = pathEvents(ctx)
      .slice(0, stepIndex(ctx) + 1)
      .filter((event: any) => event.type === 'file.choose' && /^image\/(png|jpeg)$/.test(event.file.type)).length;
    expect(ctx.state.alerts).toEqual(canReadFiles ? [] : Array.from({ length: chosen }, () => 'Sorry, FileReader API not supported'));
  },
  screenName: (snapshot) => {
    const value = typeof snapshot.value === 'string' ? snapshot.value : `cropping.${(snapshot.value as any).cropping}`;
    const { context } = snapshot;
    return `${value}${context.canReadFiles ? '' : '-no-reader'}${context.failure ? `-${context.failure}-failed` : ''}${context.result ? '-photo' : ''}`;
  },
};
