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
  'authCode.change': typeCode(/^Code from the authenticator app/),
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
  expect(field(/^Code from the authenticator app/)).toHaveValue(context.authCode);
  if (snapshot.hasTag('busy')) expect(button('Turn off')).toHaveAttribute('data-loading', 'true');
  if (context.error) expect(within(dialog()).getByText(appErrorText(context.error))).toBeVisible();
}

describe('twoFactorDeactivation dialog', () => {
  for (const modelPath of modelPaths(deactivationModel)) {
    it(modelPath.title, async () => {
      let closedCalls = 0;
      await walkPath(modelPath, {
        machine: deactivationModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => renderInFlow(DeactivationContext, <DeactivationDialog onClosed={() => (closedCalls += 1)} />, logic, input, clock),
      });
      // The page learns of the close exactly once, so it can drop the dialog.
      const last = modelPath.path.steps.at(-1)!.state as { status: string };
      expect(closedCalls).toBe(last.status === 'done' ? 1 : 0);
    });
  }
});
