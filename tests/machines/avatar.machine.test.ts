import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { avatarMachine } from '../../machines/account/avatar.machine';

describe('avatar', () => {
  const start = (canReadFiles = true) => {
    const calls = { alertNoFileReader: vi.fn(), read: vi.fn() };
    const actor = createActor(
      avatarMachine.provide({
        actors: {
          readFile: fromPromise(async () => {
            calls.read();
            return 'data:image/png;base64,SOURCE';
          }),
          cropImage: fromPromise(async () => 'data:image/png;base64,SQUARE'),
        },
        actions: { alertNoFileReader: calls.alertNoFileReader },
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

  it('crops a PNG to a square and announces it to the profile', async () => {
    const { actor } = start();
    const announced = vi.fn();
    actor.on('avatar.cropped', announced);
    actor.send({ type: 'file.choose', file: { type: 'image/jpeg' } });
    await waitFor(actor, (s) => s.hasTag('cropper'));
    actor.send({ type: 'crop.confirm', area: { x: 0, y: 0, width: 100, height: 100, rotation: 90 } });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(announced).toHaveBeenCalledWith({ type: 'avatar.cropped', dataUrl: 'data:image/png;base64,SQUARE' });
  });

  it('says why a picture could not be used: unreadable, or its square not drawn; the next try clears it', async () => {
    let readFails = true;
    let drawFails = true;
    const actor = createActor(
      avatarMachine.provide({
        actors: {
          readFile: fromPromise(async () => {
            if (readFails) throw new Error('corrupt');
            return 'data:image/png;base64,SOURCE';
          }),
          cropImage: fromPromise(async () => {
            if (drawFails) throw new Error('no canvas');
            return 'data:image/png;base64,SQUARE';
          }),
        },
        actions: { alertNoFileReader: () => {} },
      }),
      { input: { canReadFiles: true } },
    ).start();
    actor.send({ type: 'file.choose', file: { type: 'image/png' } });
    await waitFor(actor, (s) => s.matches('idle') && s.context.failure === 'read');
    readFails = false;
    actor.send({ type: 'file.choose', file: { type: 'image/png' } });
    await waitFor(actor, (s) => s.hasTag('cropper'));
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'crop.confirm', area: { x: 0, y: 0, width: 100, height: 100, rotation: 0 } });
    await waitFor(actor, (s) => s.matches({ cropping: 'adjusting' }) && s.context.failure === 'draw');
    drawFails = false;
    actor.send({ type: 'crop.confirm', area: { x: 0, y: 0, width: 100, height: 100, rotation: 0 } });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, result: 'data:image/png;base64,SQUARE' });
  });
});
