// @vitest-environment jsdom
// The logout flow's model paths, walked through the real logout page. The page (src/routes/_auth/logout.tsx)
// starts the flow and shows only "Signing you out…" with a busy loader, whatever the flow's state: what the
// member sees change is where the flow takes them. So after every step the screen must show the loader and
// the effects called so far must be exactly those of the state: nothing while the server is asked, then the
// session cleared once and the one right login page (/login?s=<reason>, or /oauthlogin?s=logout for a
// single sign-on tenant's own logout), whether the server answered or not.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { LogoutContext } from '../../src/features/auth/auth-logout.contexts';
import { SigningOutView } from '../../src/features/auth/signing-out-view';
import type { LogoutInput } from '../../machines/auth/logout.types';
import { modelPaths } from '../support/model';
import { recordActions, renderInFlow, walkPath } from '../support/walk';
import { logoutModel } from '../models/logout.model';

describe('logout page', () => {
  for (const modelPath of modelPaths(logoutModel)) {
    it(modelPath.title, async () => {
      const input = modelPath.input as LogoutInput;
      let calls: { name: string; params: unknown }[] = [];
      await walkPath(modelPath, {
        machine: logoutModel.machine,
        // The flow takes no user events: the server's answer (or failure) moves it.
        gestures: {},
        expectScreen: (snapshot) => {
          const busy = screen.getByText('Signing you out…').closest('[aria-busy]');
          expect(busy).toHaveAttribute('aria-busy', 'true');
          if (snapshot.matches('signingOut')) {
            expect(snapshot.hasTag('busy')).toBe(true);
            expect(calls).toEqual([]);
            return;
          }
          expect(snapshot.matches('done')).toBe(true);
          const landing =
            input.oauth && input.reason === 'logout'
              ? { name: 'goToOAuthLogin', params: undefined }
              : { name: 'goToLogin', params: { reason: input.reason } };
          expect(calls).toEqual([{ name: 'clearSession', params: undefined }, landing]);
        },
        render: (logic, _input, clock) => {
          const recorded = recordActions(logic, ['clearSession', 'goToLogin', 'goToOAuthLogin']);
          calls = recorded.calls;
          // As the route does: the flow's provider around the page's view, the flow running while the page shows.
          return renderInFlow(LogoutContext, <SigningOutView />, recorded.logic, input, clock);
        },
      });
    });
  }
});
