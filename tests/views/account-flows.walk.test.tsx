// @vitest-environment jsdom
// The small account flows' model paths, walked through their real views.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { AnyStateMachine } from 'xstate';
import {
  NewPasswordContext,
  OAuthLoginContext,
  ResetRequestContext,
  VerifyEmailContext,
} from '../../src/features/auth/flow-contexts';
import { VerifyEmailView } from '../../src/features/auth/verify-email-view';
import { ResetPasswordView } from '../../src/features/auth/reset-password-view';
import { NewPasswordView } from '../../src/features/auth/new-password-view';
import { OAuthLoginView } from '../../src/features/auth/oauth-login-view';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths, type Model } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { newPasswordModel, oauthLoginModel, resetRequestModel, verifyEmailModel } from '../models/account-flows.model';

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

interface Flow {
  model: Model<any>;
  context: { Provider: (props: any) => ReactNode; useActorRef: () => any };
  view: () => ReactNode;
  gestures: Record<string, Gesture<any>>;
  expectScreen: (snapshot: any) => void;
}

const flows: Flow[] = [
  {
    model: verifyEmailModel,
    context: VerifyEmailContext,
    view: VerifyEmailView,
    gestures: {},
    expectScreen: (snapshot) => {
      if (snapshot.matches('verifying')) expect(screen.getByText('Checking your link…')).toBeVisible();
      if (snapshot.matches('failed')) expect(screen.getByRole('alert')).toHaveTextContent('Account activation failed: check the link.');
    },
  },
  {
    model: resetRequestModel,
    context: ResetRequestContext,
    view: ResetPasswordView,
    gestures: {
      'reset.submit': async (user, event) => {
        await user.clear(field(/^Email/));
        await user.type(field(/^Email/), event.email);
        await user.click(screen.getByRole('button', { name: 'Send the link' }));
      },
      'reset.again': async (user) => user.click(screen.getByRole('button', { name: 'Use another email' })),
    },
    expectScreen: (snapshot) => {
      if (snapshot.matches('editing') && snapshot.context.error) {
        expect(screen.getByRole('alert')).toHaveTextContent(appErrorText(snapshot.context.error));
      }
      if (snapshot.matches('sending')) expect(document.querySelector('form')).toHaveAttribute('aria-busy', 'true');
      if (snapshot.matches('sent')) expect(screen.getByRole('status')).toHaveTextContent(snapshot.context.email);
    },
  },
  {
    model: newPasswordModel,
    context: NewPasswordContext,
    view: NewPasswordView,
    gestures: {
      'password.submit': async (user, event) => {
        await user.clear(field(/^New password/));
        await user.type(field(/^New password/), event.password);
        await user.clear(field(/^Repeat the new password/));
        await user.type(field(/^Repeat the new password/), event.confirmation);
        await user.click(screen.getByRole('button', { name: 'Save the new password' }));
      },
    },
    expectScreen: (snapshot) => {
      if (snapshot.matches('editing') && snapshot.context.error) {
        expect(screen.getByRole('alert')).toHaveTextContent(appErrorText(snapshot.context.error));
      }
      if (snapshot.matches('saved')) expect(screen.getByRole('status')).toHaveTextContent('Your new password is set.');
      if (snapshot.matches('linkInvalid')) {
        expect(screen.getByRole('alert')).toHaveTextContent('This link is not valid any more. Ask for a new one.');
      }
    },
  },
  {
    model: oauthLoginModel,
    context: OAuthLoginContext,
    view: OAuthLoginView,
    gestures: {
      'sso.signIn': async (user) => user.click(screen.getByRole('button', { name: 'Sign in' })),
    },
    expectScreen: (snapshot) => {
      if (snapshot.matches('signedOut')) expect(screen.getByRole('status')).toHaveTextContent('You are signed out.');
      if (snapshot.matches('failed')) expect(screen.getByRole('alert')).toHaveTextContent('Single sign-on failed. Sign in again.');
      if (snapshot.hasTag('busy')) expect(screen.getByText('Signing you in…')).toBeVisible();
    },
  },
];

for (const flow of flows) {
  describe(`${flow.model.machine.id} view`, () => {
    for (const modelPath of modelPaths(flow.model)) {
      it(modelPath.title, async () => {
        await walkPath(modelPath, {
          machine: flow.model.machine as AnyStateMachine,
          gestures: flow.gestures,
          expectScreen: flow.expectScreen,
          render: (logic, input, clock) => renderInFlow(flow.context, <flow.view />, logic, input, clock),
        });
      });
    }
  });
}
