// @vitest-environment jsdom
// The single sign-on session check's model paths, walked through the flow's provider as the member layout
// mounts it for oauth2 tenants (src/app/pages/member-page.tsx → SsoSessionProvider). The check has no view of
// its own: it renders nothing while the session lives, and when the authorisation server says login_required the member
// is taken to /oauthlogin?s=logout (the goToSignedOut effect). So after every step the walk asserts that
// nothing is rendered, that the hidden frame was asked exactly as often as the clock says (1 s after sign-in,
// then every 30 minutes; a frame that does not answer is tried again at the next check), and that the member
// is sent away once, only when the session ended.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { SsoSessionContext } from '../../src/features/auth/auth-sso.contexts';
import { modelPaths } from '../support/model';
import { renderView } from '../support/render';
import { recordActions, walkPath } from '../support/walk';
import { ssoSessionModel } from '../models/sso-session.model';
import { ssoCheckInterval, ssoFirstCheck } from '../../domain/timing';

describe('single sign-on session watch', () => {
  for (const modelPath of modelPaths(ssoSessionModel)) {
    it(modelPath.title, async () => {
      let calls: { name: string; params: unknown }[] = [];
      let clock: { now: () => number } | undefined;
      let checks = 0;
      await walkPath(modelPath, {
        machine: ssoSessionModel.machine,
        // Only the clock and the hidden frame's answers move the check.
        gestures: {},
        expectScreen: (snapshot) => {
          // Renders nothing at all, in every state.
          expect(screen.getByTestId('member-layout')).toBeEmptyDOMElement();
          // The first check at 1 s, then one every 30 minutes.
          const elapsed = clock!.now();
          const due = elapsed < ssoFirstCheck ? 0 : 1 + Math.floor((elapsed - ssoFirstCheck) / ssoCheckInterval);
          expect(checks).toBe(due);
          expect(calls).toEqual(snapshot.matches('ended') ? [{ name: 'goToSignedOut', params: undefined }] : []);
        },
        render: (logic, _input, simulated) => {
          clock = simulated;
          const recorded = recordActions(logic, ['goToSignedOut']);
          calls = recorded.calls;
          let actor: { getSnapshot: () => any } | undefined;
          renderView(
            <div data-testid="member-layout">
              <SsoSessionContext.Provider
                logic={recorded.logic}
                options={{
                  clock: simulated,
                  inspect: (event: any) => {
                    if (event.type === '@xstate.actor' && event.actorRef.logic === recorded.logic) actor = event.actorRef;
                    if (event.type === '@xstate.actor' && event.actorRef.id === 'checkSession') checks += 1;
                  },
                }}
              >
                {null}
              </SsoSessionContext.Provider>
            </div>,
          );
          return { snapshot: () => actor!.getSnapshot() };
        },
      });
    });
  }
});
