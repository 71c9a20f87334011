// @vitest-environment jsdom
// New recovery codes: the flow's model paths, walked through the real security page and its dialog.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RecoveryCodesEvent } from '../../machines/account/recovery-codes.types';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { walkPath, type Gesture } from '../support/walk';
import { expectClosed, renderSecurityPage } from './security-walk-support';
import { recoveryCodesModel } from '../models/recovery-codes.model';

const dialog = () => screen.getByRole('dialog');
const field = (name: RegExp) => within(dialog()).getByLabelText(name, { selector: 'input' });
const buttons = (name: string) => within(dialog()).getAllByRole('button', { name });

const gestures = {
  // The page's Make new codes (the dialog's submit button has the same name).
  'dialog.open': async (user) => user.click(screen.getByRole('button', { name: 'Make new codes' })),
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

function expectScreen(snapshot: any, wasOpen: boolean) {
  if (expectClosed(snapshot, 'Make new codes', { wasOpen })) return;
  const { context } = snapshot;
  expect(dialog()).toHaveAccessibleName('New recovery codes');
  if (snapshot.matches({ open: 'showingCodes' })) {
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
      let wasOpen = false;
      await walkPath(modelPath, {
        machine: recoveryCodesModel.machine,
        gestures,
        expectScreen: (snapshot) => {
          wasOpen ||= !snapshot.matches('closed');
          expectScreen(snapshot, wasOpen);
        },
        render: (logic, _input, clock) => renderSecurityPage('recoveryCodes', logic, clock, { twofa: true }),
      });
    });
  }
});
