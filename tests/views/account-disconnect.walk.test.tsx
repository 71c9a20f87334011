// @vitest-environment jsdom
// Disconnecting an exchange account: the flow's model paths, walked through the real Disconnect of the account page.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AccountDisconnectEvent } from '../../machines/trading/account-disconnect.types';
import { DisconnectAction } from '../../src/features/trading/disconnect-form';
import { AccountDisconnectContext } from '../../src/features/trading/trading.contexts';
import { fieldErrorText } from '../../src/lib/field-errors';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { accountDisconnectModel } from '../models/account-disconnect.model';

const section = () => within(screen.getByRole('region', { name: 'Disconnect the account' }));
const reasonField = () => section().getByRole('textbox', { name: /^Reason/ });

const gestures = {
  'disconnect.open': async (user) => user.click(screen.getByRole('button', { name: 'Disconnect' })),
  'disconnect.cancel': async (user) => user.click(section().getByRole('button', { name: 'Keep connected' })),
  // The reason is cleared and pasted, as a member would (typing 401 characters one by one adds nothing to the walk).
  'reason.change': async (_user, event) => {
    fireEvent.change(reasonField(), { target: { value: '' } });
    fireEvent.change(reasonField(), { target: { value: event.value } });
  },
  'disconnect.confirm': async (user) => user.click(section().getByRole('button', { name: 'Disconnect' })),
} satisfies { [K in AccountDisconnectEvent['type']]: Gesture<Extract<AccountDisconnectEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  if (snapshot.matches('done')) {
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    return;
  }
  if (snapshot.matches('closed')) {
    expect(screen.queryByRole('region', { name: 'Disconnect the account' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
    return;
  }
  expect(reasonField()).toHaveValue(context.reason);
  expect(reasonField()).toHaveAccessibleDescription(expect.stringContaining(`${context.reason.length} of 400 characters`));
  if (context.reasonError) expect(reasonField()).toHaveAccessibleDescription(expect.stringContaining(fieldErrorText(context.reasonError)!));
  const confirm = section().getByRole('button', { name: 'Disconnect' });
  if (snapshot.hasTag('busy')) expect(confirm).toHaveAttribute('data-loading', 'true');
  else expect(confirm).toBeEnabled();
}

describe('disconnecting an exchange account', () => {
  for (const modelPath of modelPaths(accountDisconnectModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: accountDisconnectModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => renderInFlow(AccountDisconnectContext, <DisconnectAction />, logic, input, clock),
      });
    });
  }
});
