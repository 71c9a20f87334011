import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { twoFactorActivationMachine } from '../../machines/two-factor/two-factor-activation.machine';
import { twoFactorDeactivationMachine } from '../../machines/two-factor/two-factor-deactivation.machine';
import { profileMachine } from '../../machines/profile/profile.machine';
import { avatarMachine } from '../../machines/profile/avatar.machine';
import { stakingWalletMachine } from '../../machines/staking-wallet/staking-wallet.machine';
import { attemptVoid, goodProfile, secret, wrongCode } from '../models/account-settings.model';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function startActivation(activate: () => Promise<void> = async () => {}) {
  const clock = new SimulatedClock();
  const calls = { sendEmailCode: vi.fn(), refreshMember: vi.fn(), activate: vi.fn() };
  const actor = createActor(
    twoFactorActivationMachine.provide({
      actors: {
        generateSecret: fromPromise(async () => secret),
        sendEmailCode: fromPromise<void, void>(async () => {
          calls.sendEmailCode();
        }),
        activate: fromPromise(async ({ input }) => {
          calls.activate(input);
          await activate();
        }),
      },
      actions: { refreshMember: calls.refreshMember },
    }),
    { clock },
  ).start();
  return { actor, clock, calls };
}

async function toCodes(actor: ReturnType<typeof startActivation>['actor']) {
  actor.send({ type: 'method.continue' });
  await waitFor(actor, (s) => s.hasTag('step2'));
  actor.send({ type: 'backup.toggle', saved: true });
  actor.send({ type: 'step.continue' });
  expect(actor.getSnapshot().hasTag('step3')).toBe(true);
}

describe('two-factor activation', () => {
  it('goes 1 → 2 → 3 with a fresh secret, and needs the backup confirmed to leave step 2', async () => {
    const { actor } = startActivation();
    actor.send({ type: 'method.continue' });
    await waitFor(actor, (s) => s.hasTag('step2'));
    expect(actor.getSnapshot().context.secret).toEqual(secret);
    actor.send({ type: 'step.continue' });
    expect(actor.getSnapshot().hasTag('step2')).toBe(true);
    actor.send({ type: 'backup.toggle', saved: true });
    actor.send({ type: 'step.continue' });
    expect(actor.getSnapshot().hasTag('step3')).toBe(true);
  });

  it('Back goes 3 → 2 and 2 → 1', async () => {
    const { actor } = startActivation();
    await toCodes(actor);
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().hasTag('step2')).toBe(true);
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().hasTag('step1')).toBe(true);
  });

  it('Back waits while the server checks the codes', async () => {
    const { actor } = startActivation(() => new Promise(() => {}));
    await toCodes(actor);
    actor.send({ type: 'emailCode.change', code: '123456' });
    actor.send({ type: 'authCode.change', code: '654321' });
    actor.send({ type: 'activation.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().hasTag('step3')).toBe(true);
  });

  it('the email-code button waits 60 s after sending', async () => {
    const { actor, clock, calls } = startActivation();
    await toCodes(actor);
    actor.send({ type: 'emailCode.send' });
    await flush();
    expect(calls.sendEmailCode).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().can({ type: 'emailCode.send' })).toBe(false);
    clock.increment(59_999);
    expect(actor.getSnapshot().can({ type: 'emailCode.send' })).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().can({ type: 'emailCode.send' })).toBe(true);
  });

  it('needs both codes complete, then shows success; closing fetches the member again', async () => {
    const { actor, calls } = startActivation();
    await toCodes(actor);
    actor.send({ type: 'activation.submit' });
    expect(actor.getSnapshot().context.error).toEqual({ code: 'invalidCode' });
    actor.send({ type: 'emailCode.change', code: '123456' });
    actor.send({ type: 'authCode.change', code: '654321' });
    actor.send({ type: 'activation.submit' });
    await waitFor(actor, (s) => s.hasTag('success'));
    expect(calls.activate).toHaveBeenCalledWith({ emailCode: '123456', authCode: '654321' });
    actor.send({ type: 'dialog.close' });
    expect(calls.refreshMember).toHaveBeenCalled();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a wrong code keeps step 3; a voided attempt starts again at step 1', async () => {
    let error = wrongCode;
    const { actor } = startActivation(() => Promise.reject(error));
    await toCodes(actor);
    actor.send({ type: 'emailCode.change', code: '123456' });
    actor.send({ type: 'authCode.change', code: '000000' });
    actor.send({ type: 'activation.submit' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().hasTag('step3')).toBe(true);
    expect(actor.getSnapshot().context.authCode).toBe('');
    error = attemptVoid;
    actor.send({ type: 'authCode.change', code: '111111' });
    actor.send({ type: 'activation.submit' });
    await waitFor(actor, (s) => s.hasTag('step1'));
    expect(actor.getSnapshot().context).toMatchObject({ secret: null, error: attemptVoid });
  });
});

describe('two-factor deactivation', () => {
  it('needs a complete code; success, then closing fetches the member again', async () => {
    const refreshMember = vi.fn();
    const actor = createActor(
      twoFactorDeactivationMachine.provide({ actors: { deactivate: fromPromise(async () => {}) }, actions: { refreshMember } }),
    ).start();
    actor.send({ type: 'authCode.change', code: '123' });
    actor.send({ type: 'deactivation.submit' });
    expect(actor.getSnapshot().value).toBe('enteringCode');
    actor.send({ type: 'authCode.change', code: '123456' });
    actor.send({ type: 'deactivation.submit' });
    await waitFor(actor, (s) => s.hasTag('success'));
    actor.send({ type: 'dialog.close' });
    expect(refreshMember).toHaveBeenCalled();
  });
});

describe('profile', () => {
  const start = (allowEditName = true) => {
    const calls = { save: vi.fn(), switchLanguage: vi.fn(), reloadPage: vi.fn() };
    const actor = createActor(
      profileMachine.provide({
        actors: {
          saveProfile: fromPromise(async ({ input }) => void calls.save(input)),
          switchLanguage: fromPromise(async ({ input }) => void calls.switchLanguage(input)),
        },
        actions: { reloadPage: calls.reloadPage },
      }),
      { input: { allowEditName } },
    ).start();
    return { actor, calls };
  };

  it('refuses a one-letter name, a 5-digit support code and a bad phone without saving', () => {
    const { actor, calls } = start();
    for (const values of [
      { ...goodProfile, name: 'A' },
      { ...goodProfile, supportCode: '12345' },
      { ...goodProfile, phone: '+1234' },
      { ...goodProfile, phone: '12025550123' },
      { ...goodProfile, telegram: 'x'.repeat(51) },
    ]) {
      actor.send({ type: 'profile.submit', values });
    }
    expect(calls.save).not.toHaveBeenCalled();
  });

  it('a name that cannot be edited is not checked; an empty phone and support code are fine', async () => {
    const { actor, calls } = start(false);
    actor.send({ type: 'profile.submit', values: { ...goodProfile, name: '', phone: '', supportCode: '' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.save).toHaveBeenCalled();
    expect(calls.reloadPage).toHaveBeenCalled();
  });

  it('saves the avatar with the profile, and reloads', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'avatar.set', dataUrl: 'data:image/png;base64,AAAA' });
    actor.send({ type: 'profile.submit', values: goodProfile });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.save).toHaveBeenCalledWith({ values: goodProfile, avatar: 'data:image/png;base64,AAAA' });
  });

  it('a new language is saved and the page reloads', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'language.change', language: 'uk' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.switchLanguage).toHaveBeenCalledWith({ language: 'uk' });
    expect(calls.reloadPage).toHaveBeenCalled();
  });
});

describe('avatar', () => {
  const start = (canReadFiles = true) => {
    const calls = { alertNoFileReader: vi.fn(), useAvatar: vi.fn(), read: vi.fn() };
    const actor = createActor(
      avatarMachine.provide({
        actors: {
          readFile: fromPromise(async () => {
            calls.read();
            return 'data:image/png;base64,SOURCE';
          }),
          cropImage: fromPromise(async () => 'data:image/png;base64,SQUARE'),
        },
        actions: { alertNoFileReader: calls.alertNoFileReader, useAvatar: (_, params) => calls.useAvatar(params) },
      }),
      { input: { canReadFiles } },
    ).start();
    return { actor, calls };
  };

  it('ignores anything but PNG and JPG without a word', () => {
    const { actor, calls } = start();
    actor.send({ type: 'file.choose', file: { type: 'image/gif' } });
    actor.send({ type: 'file.choose', file: { type: 'application/pdf' } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls.read).not.toHaveBeenCalled();
    expect(calls.alertNoFileReader).not.toHaveBeenCalled();
  });

  it('without the FileReader API an alert says so', () => {
    const { actor, calls } = start(false);
    actor.send({ type: 'file.choose', file: { type: 'image/png' } });
    expect(calls.alertNoFileReader).toHaveBeenCalled();
  });

  it('crops a PNG to a square that goes to the profile', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'file.choose', file: { type: 'image/jpeg' } });
    await waitFor(actor, (s) => s.hasTag('cropper'));
    actor.send({ type: 'crop.confirm', area: { x: 0, y: 0, width: 100, height: 100, rotation: 90 } });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(calls.useAvatar).toHaveBeenCalledWith({ dataUrl: 'data:image/png;base64,SQUARE' });
  });
});

describe('staking wallet', () => {
  it('refuses an address that is not Ethereum-style and saves a padded good one trimmed', async () => {
    const save = vi.fn();
    const confirmSaved = vi.fn();
    const actor = createActor(
      stakingWalletMachine.provide({ actors: { saveWallet: fromPromise(async ({ input }) => void save(input)) }, actions: { confirmSaved } }),
    ).start();
    actor.send({ type: 'wallet.submit', address: '0x123' });
    expect(save).not.toHaveBeenCalled();
    actor.send({ type: 'wallet.submit', address: '  0x52908400098527886E0F7030069857D2E4169EE7 ' });
    await waitFor(actor, (s) => s.matches('editing') && confirmSaved.mock.calls.length > 0);
    expect(save).toHaveBeenCalledWith({ address: '0x52908400098527886E0F7030069857D2E4169EE7' });
  });
});
