// @vitest-environment jsdom
// The login machine's model paths, walked through the real login view.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { LoginEvent } from '../../machines/auth/login.types';
import { LoginContext } from '../../src/features/auth/auth.contexts';
import { LoginView } from '../../src/features/auth/login-view';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { loginModel } from '../models/login.model';

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

const gestures = {
  'credentials.submit': async (user, event) => {
    await user.clear(field(/^Email/));
    if (event.username) await user.type(field(/^Email/), event.username);
    await user.clear(field(/^Password/));
    if (event.password) await user.type(field(/^Password/), event.password);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
  },
  'code.change': async (user, event) => {
    // The code step takes the app's code, or a recovery code once the member chose that.
    const input = screen.queryByLabelText(/^Recovery code/, { selector: 'input' }) ?? field(/^Two-factor code/);
    await user.clear(input);
    await user.click(input);
    await user.paste(event.code);
  },
  'code.submit': async (user) => user.click(screen.getByRole('button', { name: 'Confirm' })),
  'code.cancel': async (user) => user.click(screen.getByRole('button', { name: 'Back' })),
  'recovery.use': async (user) => user.click(screen.getByRole('button', { name: 'Lost your phone? Use a recovery code' })),
  'recovery.cancel': async (user) => user.click(screen.getByRole('button', { name: 'Use a code from the app' })),
} satisfies { [K in LoginEvent['type']]: Gesture<Extract<LoginEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const form = document.querySelector('form')!;
  const { context } = snapshot;
  if (snapshot.matches('editingCredentials')) {
    expect(form).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByLabelText(/^Two-factor code/)).toBeNull();
    if (context.error) expect(screen.getByRole('alert')).toHaveTextContent(appErrorText(context.error, { onLogin: true }));
    else expect(screen.queryByRole('alert')).toBeNull();
    if (context.codeTimedOut) expect(screen.getByText('The time for the code ran out. Log in again.')).toBeVisible();
  }
  if (snapshot.matches('signingIn')) expect(form).toHaveAttribute('aria-busy', 'true');
  if (snapshot.matches({ twoFactor: 'enteringCode' })) {
    expect(field(/^Two-factor code/)).toBeEnabled();
    expect(field(/^Two-factor code/)).toHaveValue(context.code);
    if (context.error) expect(screen.getByText('Incorrect verification code. The code must be 6 characters.')).toBeVisible();
  }
  if (snapshot.matches({ twoFactor: 'verifyingCode' })) {
    expect(form).toHaveAttribute('aria-busy', 'true');
    expect(field(/^Two-factor code/)).toBeDisabled();
  }
  if (snapshot.matches({ twoFactor: 'enteringRecoveryCode' })) {
    expect(field(/^Recovery code/)).toHaveValue(context.code);
    if (context.error) expect(screen.getByText(appErrorText(context.error))).toBeVisible();
  }
  if (snapshot.matches({ twoFactor: 'verifyingRecoveryCode' })) {
    expect(form).toHaveAttribute('aria-busy', 'true');
    expect(field(/^Recovery code/)).toBeDisabled();
  }
}

describe('login view', () => {
  for (const modelPath of modelPaths(loginModel)) {
    it(modelPath.title, async () => {
      const fakes = await walkPath(modelPath, {
        machine: loginModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => renderInFlow(LoginContext, <LoginView />, logic, input, clock),
      });
      if (modelPath.path.state.value === 'loggedIn') {
        expect(fakes.actionCalls.map((call) => call.name)).toContain('storeSession');
      }
    });
  }
});
