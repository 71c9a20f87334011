// @vitest-environment jsdom
// The two-factor deactivation's model paths, walked through the real security page and its dialog.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DeactivationEvent } from '../../machines/account/two-factor-deactivation.types';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { walkPath, type Gesture } from '../support/walk';
import { expectClosed, renderSecurityPage } from './security-walk-support';
import { deactivationModel } from '../models/two-factor-deactivation.model';

const dialog = () => screen.getByRole('dialog');
const field = (name: RegExp) => within(dialog()).getByLabelText(name, { selector: 'input' });
const button = (name: string | RegExp) => within(dialog()).getByRole('button', { name });

const typeCode = (label: RegExp): Gesture<{ type: string; code: string }> => async (user, event) => {
  await user.clear(field(label));
  await user.click(field(label));
  await user.paste(event.code);
};
/** The dialog's own close button (the title bar's ×), present in every state. */
const closeDialog: Gesture = async (user) => user.click(within(dialog()).getAllByRole('button', { name: 'Close' })[0]!);

const gestures = {
  // The page's Turn off: the dialog's own submit button has the same name, so the page's is the one outside it.
  'dialog.open': async (user) => user.click(screen.getByRole('button', { name: 'Turn off' })),
  'emailCode.send': async (user) => user.click(button('Send the email code')),
  'emailCode.change': typeCode(/^Code from the email/),
  'authCode.change': typeCode(/^Code from the authenticator app/),
  'recovery.toggle': async (user, event) =>
    user.click(button(event.use ? 'Lost your phone? Use a recovery code' : 'Use a code from the app')),
  'recovery.change': async (user, event) => {
    await user.clear(field(/^Recovery code/));
    await user.type(field(/^Recovery code/), event.code);
  },
  'deactivation.submit': async (user) => user.click(button('Turn off')),
  'dialog.close': closeDialog,
} satisfies { [K in DeactivationEvent['type']]: Gesture<Extract<DeactivationEvent, { type: K }>> };

function expectScreen(snapshot: any, wasOpen: boolean) {
  if (expectClosed(snapshot, 'Turn off', { wasOpen })) return;
  const { context } = snapshot;
  expect(dialog()).toHaveAccessibleName('Turn off two-factor authentication');
  if (snapshot.hasTag('success')) {
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Two-factor authentication is off.');
    return;
  }
  expect(field(/^Code from the email/)).toHaveValue(context.emailCode);
  if (context.useRecovery) expect(field(/^Recovery code/)).toHaveValue(context.recoveryCode);
  else expect(field(/^Code from the authenticator app/)).toHaveValue(context.authCode);
  // The countdown runs on the flow's own (simulated) clock: the walk moves it only past the whole wait.
  if (snapshot.matches({ open: { enteringCodes: { emailCode: 'sent' } } })) expect(button('Send again in 1:00')).toBeDisabled();
  // Held back by the server: the wait it named (20 s in the fixture).
  if (snapshot.matches({ open: { enteringCodes: { emailCode: 'heldBack' } } })) expect(button('Send again in 0:20')).toBeDisabled();
  if (snapshot.hasTag('busy')) expect(button('Turn off')).toHaveAttribute('data-loading', 'true');
  if (context.error) expect(within(dialog()).getAllByText(appErrorText(context.error)).length).toBeGreaterThan(0);
}

describe('twoFactorDeactivation dialog', () => {
  for (const modelPath of modelPaths(deactivationModel)) {
    it(modelPath.title, async () => {
      let wasOpen = false;
      await walkPath(modelPath, {
        machine: deactivationModel.machine,
        gestures,
        expectScreen: (snapshot) => {
          wasOpen ||= !snapshot.matches('closed');
          expectScreen(snapshot, wasOpen);
        },
        clockKeys: ['emailCodeDeadline'],
        render: (logic, _input, clock) => renderSecurityPage('deactivation', logic, clock, { twofa: true }),
      });
    });
  }
});
