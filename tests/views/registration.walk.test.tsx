// @vitest-environment jsdom
// The registration machine's model paths, walked through the real registration view.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RegistrationEvent } from '../../machines/auth/registration.types';
import { RegistrationContext } from '../../src/features/auth/auth-registration.contexts';
import { RegistrationView } from '../../src/features/auth/registration-view';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { registrationModel } from '../models/registration.model';

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

async function retype(user: Parameters<Gesture>[0], input: HTMLElement, value: string) {
  await user.clear(input);
  if (value) await user.type(input, value);
}

const gestures = {
  'registration.submit': async (user, { values }) => {
    await retype(user, field(/^Name/), values.name);
    await retype(user, field(/^Email/), values.email);
    await retype(user, field(/^Password/), values.password);
    const terms = screen.getByRole('checkbox');
    if ((terms as HTMLInputElement).checked !== values.terms) await user.click(terms);
    await user.click(screen.getByRole('button', { name: 'Register' }));
  },
  'registration.edit': async (user) => user.click(screen.getByRole('button', { name: 'Change the email' })),
  'code.change': async (user, { code }) => {
    await user.clear(field(/^Code from the email/));
    await user.click(field(/^Code from the email/));
    await user.paste(code);
  },
  'code.submit': async (user) => user.click(screen.getByRole('button', { name: 'Confirm' })),
  'code.resend': async (user) => user.click(screen.getByRole('button', { name: 'Send the code again' })),
  'login.choose': async (user) => user.click(screen.getByRole('button', { name: 'Log in' })),
} satisfies { [K in RegistrationEvent['type']]: Gesture<Extract<RegistrationEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  if (snapshot.matches('referralRequired')) {
    expect(screen.getByTestId('referral-required')).toHaveTextContent('Registration is possible via referral link only.');
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  }
  if (snapshot.matches('fillingForm')) {
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
    if (context.error) expect(screen.getByRole('alert')).toHaveTextContent(appErrorText(context.error));
  }
  if (snapshot.matches('registering')) expect(document.querySelector('form')).toHaveAttribute('aria-busy', 'true');
  if (snapshot.matches('awaitingCode')) {
    expect(screen.getByText(`We sent a 6-digit code to ${context.values.email}. It is valid for 10 minutes.`)).toBeVisible();
    if (snapshot.matches({ awaitingCode: { resend: 'waiting' } })) {
      // The countdown runs on the flow's own (simulated) clock: the walk moves it only past the whole wait.
      expect(screen.getByRole('button', { name: 'Send the code again in 2:00' })).toBeDisabled();
    }
    if (snapshot.matches({ awaitingCode: { resend: 'available' } })) {
      expect(screen.getByRole('button', { name: 'Send the code again' })).toBeEnabled();
    }
    if (snapshot.matches({ awaitingCode: { code: 'entering' } })) {
      expect(field(/^Code from the email/)).toHaveValue(context.code);
      if (context.error) {
        const input = field(/^Code from the email/);
        expect(within(input.closest('.mantine-InputWrapper-root') as HTMLElement).getByText(appErrorText(context.error))).toBeVisible();
      }
    }
    if (snapshot.matches({ awaitingCode: { code: 'verifying' } })) expect(field(/^Code from the email/)).toBeDisabled();
  }
}

describe('registration view', () => {
  for (const modelPath of modelPaths(registrationModel)) {
    it(modelPath.title, async () => {
      const fakes = await walkPath(modelPath, {
        machine: registrationModel.machine,
        gestures,
        expectScreen,
        clockKeys: ['resendDeadline'],
        render: (logic, input, clock) => renderInFlow(RegistrationContext, <RegistrationView />, logic, input, clock),
      });
      const final = modelPath.path.state.value;
      if (final === 'registered') expect(fakes.actionCalls.map((call) => call.name)).toContain('storeSession');
      if (final === 'loginChosen') {
        const opensPage = !(modelPath.input as { inDialog: boolean }).inDialog;
        expect(fakes.actionCalls.map((call) => call.name).includes('showLoginPage')).toBe(opensPage);
      }
    });
  }
});
