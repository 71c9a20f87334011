// @vitest-environment jsdom
// The autologin flow's model paths, walked through the real autologin page. The page
// (src/routes/_auth/autologin.tsx) starts the flow with the session read from the URL fragment and shows only
// "Signing you in…" with a busy loader, whatever the flow's state: what the member sees change is where the
// flow takes them. So after every step the screen must show the loader and the effects called so far must be
// exactly those of the state: nothing while the handed-over token is checked (and the check asked with that
// token), then either the session stored and the products page (a stored products link with the module on)
// or the dashboard, or the session forgotten and /login?s=expired.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { AutologinContext } from '../../src/features/auth/auth-sso.contexts';
import { SigningInView } from '../../src/features/auth/signing-in-view';
import type { AutologinInput } from '../../machines/auth/autologin.types';
import { modelPaths } from '../support/model';
import { recordActions, renderInFlow, walkPath } from '../support/walk';
import { autologinModel } from '../models/autologin.model';

const effects = ['storeSession', 'clearSession', 'goToProducts', 'goToDashboard', 'goToLogin'] as const;

describe('autologin page', () => {
  for (const modelPath of modelPaths(autologinModel)) {
    it(modelPath.title, async () => {
      const input = modelPath.input as AutologinInput;
      let calls: { name: string; params: unknown }[] = [];
      const fakes = await walkPath(modelPath, {
        machine: autologinModel.machine,
        // The flow takes no user events: the server's answer moves it.
        gestures: {},
        expectScreen: (snapshot) => {
          expect(screen.getByText('Signing you in…').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
          if (snapshot.matches('checking')) {
            expect(calls).toEqual([]);
          } else if (snapshot.matches('signedIn')) {
            const next = input.productsModuleOn && input.hasStoredProducts ? 'goToProducts' : 'goToDashboard';
            expect(calls).toEqual([
              { name: 'storeSession', params: input.session },
              { name: next, params: undefined },
            ]);
          } else {
            expect(snapshot.matches('failed')).toBe(true);
            expect(calls).toEqual([
              { name: 'clearSession', params: undefined },
              { name: 'goToLogin', params: undefined },
            ]);
          }
        },
        render: (logic, _input, clock) => {
          const recorded = recordActions(logic, effects);
          calls = recorded.calls;
          // As the route does: the flow's provider around the page's view, the flow running while the page shows.
          return renderInFlow(AutologinContext, <SigningInView />, recorded.logic, input, clock);
        },
      });
      // The server is asked about the handed-over token only, and only when there is one.
      expect(fakes.actorInputs.checkSession ?? []).toEqual(input.session ? [{ access_token: input.session.access_token }] : []);
    });
  }
});
