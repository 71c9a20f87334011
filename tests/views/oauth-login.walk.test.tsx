// @vitest-environment jsdom
// The single sign-on login's model paths, walked through its real view.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { OAuthLoginEvent } from '../../machines/auth/oauth-login.types';
import { OAuthLoginContext } from '../../src/features/auth/auth-sso.contexts';
import { OAuthLoginView } from '../../src/features/auth/oauth-login-view';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { oauthLoginModel } from '../models/oauth-login.model';

const gestures = {
  'sso.signIn': async (user) => user.click(screen.getByRole('button', { name: 'Sign in' })),
} satisfies { [K in OAuthLoginEvent['type']]: Gesture<Extract<OAuthLoginEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  if (snapshot.matches('signedOut')) expect(screen.getByRole('status')).toHaveTextContent('You are signed out.');
  if (snapshot.matches('failed')) expect(screen.getByRole('alert')).toHaveTextContent('Single sign-on failed. Sign in again.');
  if (snapshot.hasTag('busy')) expect(screen.getByText('Signing you in…')).toBeVisible();
}

describe('oauthLogin view', () => {
  for (const modelPath of modelPaths(oauthLoginModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: oauthLoginModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => renderInFlow(OAuthLoginContext, <OAuthLoginView />, logic, input, clock),
      });
    });
  }
});
