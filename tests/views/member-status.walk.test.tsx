// @vitest-environment jsdom
// The member status flow's model paths, walked through the real suspended dialog, warning banner and settings
// feed of the member layout (src/features/app-status/member-status.tsx). The member's settings come from the
// 60 s settings poll: each answer is put into the query cache as the poll would, and the real feed sends it
// to the flow; View invoices is a click in the dialog.
import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemberStatusContext } from '../../src/features/app-status/member-status.contexts';
import { MemberSettingsFeed, SuspendedDialog, WarningBanner } from '../../src/features/app-status/member-status';
import { userSettingsQueryOptions } from '../../src/api/app-status';
import type { MemberStatusEvent } from '../../machines/app-status/member-status.types';
import { modelPaths } from '../support/model';
import { renderView } from '../support/render';
import { recordActions, walkPath, type Gesture } from '../support/walk';
import { memberStatusModel } from '../models/member-status.model';

const settingsKey = userSettingsQueryOptions().queryKey;
let queryClient: QueryClient;

const gestures = {
  'settings.received': async (_user, { type: _type, ...settings }) =>
    act(() => void queryClient.setQueryData(settingsKey, { userSettings: settings } as never)),
  'invoices.open': async (user) =>
    user.click(
      within(screen.getByRole('dialog', { name: 'Your account is suspended' })).getByRole('button', { name: 'View invoices' }),
    ),
} satisfies { [K in MemberStatusEvent['type']]: Gesture<Extract<MemberStatusEvent, { type: K }>> };

// The suspended dialog's code loads on first use: load it before the walks, so a busy machine cannot outlast
// the screen checks' wait while it arrives.
beforeAll(async () => void (await import('../../src/features/app-status/suspended-modal')));

describe('member status', () => {
  for (const modelPath of modelPaths(memberStatusModel)) {
    it(modelPath.title, async () => {
      let calls: { name: string; params: unknown }[] = [];
      let invoicesOpened = 0;
      // The member went to the invoices since the account was last suspended.
      let acknowledged = false;
      await walkPath(modelPath, {
        machine: memberStatusModel.machine,
        gestures: {
          ...gestures,
          'settings.received': async (user, event) => {
            if (event.status !== 'suspended') acknowledged = false;
            await gestures['settings.received'](user, event);
          },
          'invoices.open': async (user, event) => {
            invoicesOpened += 1;
            acknowledged = true;
            await (gestures['invoices.open'] as Gesture)(user, event);
          },
        },
        expectScreen: (snapshot) => {
          const settings = snapshot.context.settings;
          const suspended = settings?.status === 'suspended';
          if (snapshot.hasTag('suspendedDialog')) {
            const dialog = screen.getByRole('dialog', { name: 'Your account is suspended' });
            expect(dialog).toHaveTextContent(
              'Your account has been suspended because of unpaid invoices. Pay them to use your account again.',
            );
            // It cannot be dismissed: no close button.
            expect(within(dialog).getAllByRole('button')).toHaveLength(1);
          } else {
            expect(screen.queryByRole('dialog', { name: 'Your account is suspended' })).toBeNull();
          }
          // Once the member went to the invoices the dialog stays closed while the account stays suspended.
          expect(snapshot.hasTag('suspendedDialog')).toBe(suspended && !acknowledged);
          expect(calls).toEqual(Array.from({ length: invoicesOpened }, () => ({ name: 'goToInvoices', params: undefined })));
          const overdue = (settings?.overdue_trader_fee_invoices ?? 0) > 0;
          const unpaid = (settings?.unpaid_trader_fee_invoices ?? 0) > 0;
          const banner = screen.queryByTestId('warning-banner');
          if (overdue) {
            expect(banner).toHaveAttribute('data-banner', 'overdue');
            expect(banner).toHaveClass('blinking-banner');
            expect(banner).toHaveTextContent(
              'You have overdue invoices: copy trading and withdrawals are suspended until they are paid.',
            );
            expect(within(banner!).getByRole('link', { name: 'Pay the invoices' })).toHaveAttribute('href', '/invoices');
          } else if (unpaid) {
            expect(banner).toHaveAttribute('data-banner', 'unpaid');
            expect(banner).not.toHaveClass('blinking-banner');
            expect(banner).toHaveTextContent('You have unpaid invoices.');
            expect(within(banner!).getByRole('link', { name: 'View invoices' })).toHaveAttribute('href', '/invoices');
          } else {
            expect(banner).toBeNull();
          }
        },
        render: (logic, _input, clock) => {
          const recorded = recordActions(logic, ['goToInvoices']);
          calls = recorded.calls;
          queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
          // The poll's answers are put in by the walk: the query itself never goes to the network here.
          queryClient.setQueryDefaults(settingsKey, { enabled: false });
          let actor: { getSnapshot: () => any } | undefined;
          function Capture() {
            actor = MemberStatusContext.useActorRef();
            return null;
          }
          renderView(
            <MemberStatusContext.Provider logic={recorded.logic} options={{ clock }}>
              <Capture />
              <MemberSettingsFeed />
              <WarningBanner />
              <SuspendedDialog />
            </MemberStatusContext.Provider>,
            { queryClient },
          );
          return { snapshot: () => actor!.getSnapshot() };
        },
      });
    });
  }
});
