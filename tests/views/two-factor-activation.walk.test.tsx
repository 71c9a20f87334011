// @vitest-environment jsdom
// The two-factor activation's model paths, walked through the real security page and its dialog.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ActivationEvent } from '../../machines/account/two-factor-activation.types';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { walkPath, type Gesture } from '../support/walk';
import { expectClosed, renderSecurityPage } from './security-walk-support';
import { activationModel, secret } from '../models/two-factor-activation.model';

const dialog = () => screen.getByRole('dialog');
const field = (name: RegExp) => within(dialog()).getByLabelText(name, { selector: 'input' });
/** A button of the dialog; `last`: the one in the body, not the title bar's close button of the same name. */
const button = (name: string | RegExp, last = false) => {
  const found = within(dialog()).getAllByRole('button', { name });
  return last ? found.at(-1)! : found[0]!;
};

const typeCode = (label: RegExp): Gesture<{ type: string; code: string }> => async (user, event) => {
  await user.clear(field(label));
  await user.click(field(label));
  await user.paste(event.code);
};
/** The dialog's own close button (the title bar's ×), present in every state. */
const closeDialog: Gesture = async (user) => user.click(within(dialog()).getAllByRole('button', { name: 'Close' })[0]!);

const gestures = {
  'dialog.open': async (user) => user.click(screen.getByRole('button', { name: 'Turn on' })),
  'method.continue': async (user) => user.click(button('Continue')),
  'step.back': async (user) => user.click(button('Back')),
  'backup.toggle': async (user, event) => {
    const checkbox = within(dialog()).getByRole('checkbox', { name: 'I have saved the key in a safe place' });
    if ((checkbox as HTMLInputElement).checked !== event.saved) await user.click(checkbox);
  },
  'step.continue': async (user) => user.click(button('Continue')),
  'emailCode.send': async (user) => user.click(button('Send the email code')),
  'emailCode.change': typeCode(/^Code from the email/),
  'authCode.change': typeCode(/^Code from the authenticator app/),
  'activation.submit': async (user) => user.click(button('Activate')),
  'recovery.saved': async (user, event) => {
    const checkbox = within(dialog()).getByRole('checkbox', { name: 'I have saved these codes' });
    if ((checkbox as HTMLInputElement).checked !== event.saved) await user.click(checkbox);
  },
  'dialog.close': closeDialog,
} satisfies { [K in ActivationEvent['type']]: Gesture<Extract<ActivationEvent, { type: K }>> };

function expectScreen(snapshot: any, wasOpen: boolean) {
  if (expectClosed(snapshot, 'Turn on', { wasOpen })) return;
  const { context } = snapshot;
  expect(dialog()).toHaveAccessibleName('Turn on two-factor authentication');
  if (snapshot.hasTag('step1')) {
    expect(within(dialog()).getByRole('radio', { name: 'Google Authenticator' })).toBeChecked();
    if (snapshot.hasTag('busy')) expect(button('Continue')).toHaveAttribute('data-loading', 'true');
    if (context.error) expect(within(dialog()).getByRole('alert')).toHaveTextContent(appErrorText(context.error));
  }
  if (snapshot.hasTag('step2')) {
    expect(within(dialog()).getByTestId('twofa-secret')).toHaveTextContent(secret.secret);
    expect(within(dialog()).getByRole('checkbox', { name: 'I have saved the key in a safe place' })).toHaveProperty(
      'checked',
      context.backupSaved,
    );
    // Continue waits for the backup confirmation.
    if (context.backupSaved) expect(button('Continue')).toBeEnabled();
    else expect(button('Continue')).toBeDisabled();
  }
  if (snapshot.hasTag('step3')) {
    expect(field(/^Code from the email/)).toHaveValue(context.emailCode);
    expect(field(/^Code from the authenticator app/)).toHaveValue(context.authCode);
    if (snapshot.matches({ open: { enteringCodes: { emailCode: 'sent' } } })) {
      // The countdown runs on the flow's own (simulated) clock: the walk moves it only past the whole wait.
      expect(button('Send again in 1:00')).toBeDisabled();
    } else if (snapshot.matches({ open: { enteringCodes: { emailCode: 'heldBack' } } })) {
      // Held back by the server: the wait it named (20 s in the fixture).
      expect(button('Send again in 0:20')).toBeDisabled();
    } else if (snapshot.hasTag('sendingEmailCode')) {
      expect(button('Send the email code')).toHaveAttribute('data-loading', 'true');
    } else {
      expect(button('Send the email code')).toBeEnabled();
    }
    if (snapshot.hasTag('busy')) {
      expect(button('Activate')).toHaveAttribute('data-loading', 'true');
      expect(button('Back')).toBeDisabled();
    }
    if (context.error) expect(within(dialog()).getAllByText(appErrorText(context.error)).length).toBeGreaterThan(0);
  }
  if (snapshot.hasTag('success')) {
    expect(within(dialog()).getByRole('status')).toHaveTextContent(
      'Two-factor authentication is on. From now on you sign in with a code from the app.',
    );
    // The recovery codes show once; Close waits for "I have saved these codes".
    expect(within(within(dialog()).getByTestId('recovery-codes')).getAllByRole('listitem')).toHaveLength(context.recoveryCodes.length);
    if (context.recoverySaved) expect(button('Done')).toBeEnabled();
    else expect(button('Done')).toBeDisabled();
  }
}

describe('twoFactorActivation dialog', () => {
  for (const modelPath of modelPaths(activationModel)) {
    it(modelPath.title, async () => {
      let wasOpen = false;
      await walkPath(modelPath, {
        machine: activationModel.machine,
        gestures,
        expectScreen: (snapshot) => {
          wasOpen ||= !snapshot.matches('closed');
          expectScreen(snapshot, wasOpen);
        },
        clockKeys: ['emailCodeDeadline'],
        render: (logic, _input, clock) => renderSecurityPage('activation', logic, clock, { twofa: false }),
      });
    });
  }
});
