import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { profileMachine } from '../../machines/account/profile.machine';
import { goodProfile } from '../models/profile.model';

describe('profile', () => {
  const start = (allowEditName = true) => {
    const calls = { save: vi.fn(), switchLanguage: vi.fn(), reloadPage: vi.fn() };
    const actor = createActor(
      profileMachine.provide({
        actors: {
          saveProfile: fromPromise(async ({ input }) => void calls.save(input)),
          switchLanguage: fromPromise(async ({ input }) => void calls.switchLanguage(input)),
        },
        actions: { reloadPage: (_, params) => calls.reloadPage(params) },
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
    // The reloaded page says the profile was saved.
    expect(calls.reloadPage).toHaveBeenCalledWith({ saved: true });
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
    expect(calls.reloadPage).toHaveBeenCalledWith({ saved: false });
  });
});
