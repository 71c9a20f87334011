// @vitest-environment jsdom
// New recovery codes: the flow's model paths, walked through the real dialog.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RecoveryCodesEvent } from '../../machines/account/recovery-codes.types';
import { RecoveryCodesContext } from '../../src/features/account/account.contexts';
import { RecoveryCodesDialog } from '../../src/features/account/two-factor-dialogs';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { recoveryCodesModel } from '../models/recovery-codes.model';

const dialog = () => screen.getByRole('dialog');
const field = (name: RegExp) => within(dialog()).getByLabelText(name, { selector: 'input' });
const buttons = (name: string) => within(dialog()).getAllByRole('button', { name });

const gestures = {
  'authCode.change': async (user, event) => {
    await user.clear(field(/^Code from the authenticator app/));
    await user.click(field(/^Code from the authenticator app/));
    await user.paste(event.code);
  },
  'codes.request': async (user) => user.click(buttons('Make new codes')[0]!),
  'codes.saved': async (user, event) => {
    const checkbox = within(dialog()).getByRole('checkbox', { name: 'I have saved these codes' });
    if ((checkbox as HTMLInputElement).checked !== event.saved) await user.click(checkbox);
  },
  // The title bar's close button, there in every state.
  'dialog.close': async (user) => user.click(buttons('Close')[0]!),
} satisfies { [K in RecoveryCodesEvent['type']]: Gesture<Extract<RecoveryCodesEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  if (snapshot.status === 'done') {
    expect(screen.queryByRole('dialog')).toBeNull();
    return;
  }
  const { context } = snapshot;
  expect(dialog()).toHaveAccessibleName('New recovery codes');
  if (snapshot.matches('showingCodes')) {
    expect(within(within(dialog()).getByTestId('recovery-codes')).getAllByRole('listitem')).toHaveLength(context.codes.length);
    const close = buttons('Done')[0]!;
    if (context.saved) expect(close).toBeEnabled();
    else expect(close).toBeDisabled();
    return;
  }
  expect(field(/^Code from the authenticator app/)).toHaveValue(context.authCode);
  if (snapshot.hasTag('busy')) expect(buttons('Make new codes')[0]!).toHaveAttribute('data-loading', 'true');
  if (context.error) expect(within(dialog()).getByText(appErrorText(context.error))).toBeVisible();
}

describe('recoveryCodes dialog', () => {
  for (const modelPath of modelPaths(recoveryCodesModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: recoveryCodesModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => renderInFlow(RecoveryCodesContext, <RecoveryCodesDialog onClosed={() => {}} />, logic, input, clock),
      });
    });
  }
});
