// The security page as its route renders it, for the walks of its three dialog flows: the view inside the
// activation, deactivation and recovery-codes flows. The walked flow runs the walk's logic; the other two run
// their plain machines, which stay closed. The dialogs open from the page's own buttons.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SimulatedClock } from 'xstate';
import { twoFactorActivationMachine } from '../../machines/account/two-factor-activation.machine';
import { twoFactorDeactivationMachine } from '../../machines/account/two-factor-deactivation.machine';
import { recoveryCodesMachine } from '../../machines/account/recovery-codes.machine';
import { loginHistoryQueryOptions, meQueryOptions } from '../../src/api/account';
import { ActivationContext, DeactivationContext, RecoveryCodesContext } from '../../src/features/account/account.contexts';
import { SecurityView } from '../../src/features/account/security-view';
import { me, memberQueryClient } from '../support/member';
import { renderView } from '../support/render';

type Walked = 'activation' | 'deactivation' | 'recoveryCodes';

const contexts = { activation: ActivationContext, deactivation: DeactivationContext, recoveryCodes: RecoveryCodesContext };
const machines = { activation: twoFactorActivationMachine, deactivation: twoFactorDeactivationMachine, recoveryCodes: recoveryCodesMachine };

/** Renders the page with two-factor on or off; returns the walked flow's snapshot. */
export function renderSecurityPage(walked: Walked, logic: unknown, clock: SimulatedClock, { twofa }: { twofa: boolean }) {
  const queryClient = memberQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  queryClient.setQueryData(meQueryOptions().queryKey, {
    me: { ...me, twofa, twofa_method: twofa ? 'google2fa' : null, recovery_codes_left: twofa ? 10 : null },
  } as never);
  queryClient.setQueryData(loginHistoryQueryOptions().queryKey, {
    pages: [{ loginHistory: { data: [], paginatorInfo: { current_page: 1, last_page: 1 } } }],
    pageParams: [1],
  } as never);
  const logicOf = (flow: Walked): any => (flow === walked ? logic : machines[flow]);
  const options = (flow: Walked) => (flow === walked ? { clock } : {});
  let actor: { getSnapshot: () => any } | undefined;
  const Walked = contexts[walked];
  function Capture() {
    actor = Walked.useActorRef();
    return null;
  }
  renderView(
    <ActivationContext.Provider logic={logicOf('activation')} options={options('activation')}>
      <DeactivationContext.Provider logic={logicOf('deactivation')} options={options('deactivation')}>
        <RecoveryCodesContext.Provider logic={logicOf('recoveryCodes')} options={options('recoveryCodes')}>
          <Capture />
          <SecurityView />
        </RecoveryCodesContext.Provider>
      </DeactivationContext.Provider>
    </ActivationContext.Provider>,
    { queryClient },
  );
  return { snapshot: () => actor!.getSnapshot() };
}

/**
 * A closed flow shows no dialog, and once a dialog was closed the focus is back on the button that opened it.
 * True when the flow is closed (the caller checks nothing more).
 */
export function expectClosed(snapshot: any, opener: string, { wasOpen }: { wasOpen: boolean }): boolean {
  if (!snapshot.matches('closed')) return false;
  expect(screen.queryByRole('dialog')).toBeNull();
  if (wasOpen) expect(screen.getByRole('button', { name: opener })).toHaveFocus();
  return true;
}
