// @vitest-environment jsdom
// The two-factor deactivation's model paths, walked through the real dialog.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DeactivationEvent } from '../../machines/account/two-factor-deactivation.types';
import { DeactivationContext } from '../../src/features/account/account.contexts';
import { DeactivationDialog } from '../../src/features/account/two-factor-dialogs';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
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

function expectClosed(snapshot: any): boolean {
  if (snapshot.status !== 'done') return false;
  expect(screen.queryByRole('dialog')).toBeNull();
  return true;
}

const gestures = {
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

function expectScreen(snapshot: any) {
  if (expectClosed(snapshot)) return;
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
  if (snapshot.matches({ enteringCodes: { emailCode: 'sent' } })) expect(button('Send again in 1:00')).toBeDisabled();
  // Held back by the server: the wait it named (20 s in the fixture).
  if (snapshot.matches({ enteringCodes: { emailCode: 'heldBack' } })) expect(button('Send again in 0:20')).toBeDisabled();
  if (snapshot.hasTag('busy')) expect(button('Turn off')).toHaveAttribute('data-loading', 'true');
  if (context.error) expect(within(dialog()).getAllByText(appErrorText(context.error)).length).toBeGreaterThan(0);
}

describe('twoFactorDeactivation dialog', () => {
  for (const modelPath of modelPaths(deactivationModel)) {
    it(modelPath.title, async () => {
      let closedCalls = 0;
      await walkPath(modelPath, {
        machine: deactivationModel.machine,
        gestures,
        expectScreen,
        clockKeys: ['emailCodeDeadline'],
        render: (logic, input, clock) => renderInFlow(DeactivationContext, <DeactivationDialog onClosed={() => (closedCalls += 1)} />, logic, input, clock),
      });
      // The page learns of the close exactly once, so it can drop the dialog.
      const last = modelPath.path.steps.at(-1)!.state as { status: string };
      expect(closedCalls).toBe(last.status === 'done' ? 1 : 0);
    });
  }
});
