// @vitest-environment jsdom
// A follower's connection: the flow's model paths, walked through the real /connection/{id} view (the status and what
// it means, the figures and the copied trades, the actions its status allows, the settings and disconnect forms).
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { EventObject } from 'xstate';
import type { ConnectionEvent } from '../../machines/trading/connection.types';
import {
  selectCanDisconnect,
  selectCanEdit,
  selectCanPause,
  selectCanResume,
  selectPanel,
  selectStep,
} from '../../machines/trading/connection.selectors';
import { ConnectionView } from '../../src/features/trading/copy/connection-view';
import { ConnectionContext } from '../../src/features/trading/copy/connection.contexts';
import { appErrorText } from '../../src/lib/app-error-text';
import { fieldErrorText } from '../../src/lib/field-errors';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { connectionModel } from '../models/connection.model';

const statusLabels: Record<string, string> = {
  pending: 'Pending',
  active: 'Active',
  paused: 'Paused',
  disconnected: 'Disconnected',
  failed: 'Failed',
  'drawdown exceeded': 'Drawdown exceeded',
  suspended: 'Suspended',
};
const main = () => within(screen.getByTestId('connection-page').parentElement!);
const settings = () => within(screen.getByRole('region', { name: 'Change the settings' }));
const disconnect = () => within(screen.getByRole('region', { name: 'Disconnect from the strategy' }));
const settingsFields = {
  lotSize: () => settings().getByRole('textbox', { name: /^Lot size, %/ }),
  drawdownLimit: () => settings().getByRole('textbox', { name: /^Drawdown limit, %/ }),
  quoteAsset: () => settings().getByRole('combobox', { name: /^Quote asset/ }),
};
const reasonField = () => disconnect().getByRole('textbox', { name: /^Reason/ });
const action = (name: string) => main().queryByRole('button', { name });

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  const step = selectStep(snapshot);
  if (step === 'notFound') {
    expect(screen.getByTestId('connection-not-found')).toHaveTextContent('Account or strategy not found.');
    return;
  }
  if (step === 'loadFailed') {
    expect(screen.getByRole('alert')).toHaveTextContent('The connection could not be loaded.');
    return;
  }
  if (step === 'loading') {
    expect(screen.getByRole('status')).toHaveTextContent('Loading the connection…');
    return;
  }
  const page = within(screen.getByTestId('connection-page'));
  const connection = context.connection;
  expect(page.getByRole('heading', { name: `Copying ${connection.strategy.name}` })).toBeTruthy();
  expect(page.getByText(statusLabels[connection.status]!, { selector: '.mantine-Badge-label' })).toBeTruthy();
  if (connection.status === 'active') expect(page.queryByTestId('connection-note')).toBeNull();
  else expect(page.getByTestId('connection-note')).toHaveAttribute('data-status', connection.status);
  expect(page.getByRole('link', { name: connection.strategy.name })).toHaveAttribute('href', `/copy-trading/${connection.strategy.id}`);
  expect(screen.getAllByTestId('copied-trade')).toHaveLength(connection.trades.length);
  const panel = selectPanel(snapshot);
  if (panel === 'settings') {
    expect(settingsFields.lotSize()).toHaveValue(context.values.lotSize);
    expect(settingsFields.drawdownLimit()).toHaveValue(context.values.drawdownLimit);
    expect(settingsFields.quoteAsset()).toHaveValue(context.values.quoteAsset);
    for (const [field, code] of Object.entries(context.fieldErrors as Record<string, string>)) {
      expect(settingsFields[field as keyof typeof settingsFields]()).toHaveAccessibleDescription(expect.stringContaining(fieldErrorText(code)!));
    }
    const save = settings().getByRole('button', { name: 'Save the settings' });
    if (snapshot.hasTag('busy')) expect(save).toHaveAttribute('data-loading', 'true');
    else expect(save).toBeEnabled();
  } else if (panel === 'disconnect') {
    expect(reasonField()).toHaveValue(context.reason);
    expect(reasonField()).toHaveAccessibleDescription(expect.stringContaining(`${context.reason.length} of 400 characters`));
    if (context.reasonError) expect(reasonField()).toHaveAccessibleDescription(expect.stringContaining(fieldErrorText(context.reasonError)!));
  } else {
    // The actions the status allows, and no other.
    const busy = snapshot.hasTag('busy');
    if (!busy) {
      expect(action('Settings') !== null).toBe(selectCanEdit(snapshot));
      expect(action('Pause') !== null).toBe(selectCanPause(snapshot));
      expect(action('Resume') !== null).toBe(selectCanResume(snapshot));
      expect(action('Disconnect') !== null).toBe(selectCanDisconnect(snapshot));
    } else {
      const working = snapshot.matches({ shown: { action: 'pausing' } }) ? 'Pause' : 'Resume';
      expect(action(working)).toHaveAttribute('data-loading', 'true');
    }
  }
  const refusal = screen.queryByTestId('connection-refusal');
  if (context.refusal && (panel === 'actions' || panel === 'settings')) expect(refusal).toHaveTextContent(appErrorText({ code: 'server', reason: context.refusal }));
  else expect(refusal).toBeNull();
}

describe('/connection/{id}: a follower’s connection', () => {
  for (const modelPath of modelPaths(connectionModel)) {
    it(modelPath.title, async () => {
      let send: (event: EventObject) => void = () => {};
      const visibility: Gesture = async (_user, event) => act(() => send(event));
      const gestures = {
        'load.retry': async (user) => user.click(screen.getByRole('button', { name: 'Try again' })),
        'settings.open': async (user) => user.click(action('Settings')!),
        'settings.cancel': async (user) => user.click(settings().getByRole('button', { name: 'Cancel' })),
        'field.change': async (user, event) => {
          const field = settingsFields[event.field as 'lotSize' | 'drawdownLimit']();
          await user.clear(field);
          if (event.value) await user.type(field, event.value);
        },
        'settings.submit': async (user) => user.click(settings().getByRole('button', { name: 'Save the settings' })),
        'connection.pause': async (user) => user.click(action('Pause')!),
        'connection.resume': async (user) => user.click(action('Resume')!),
        'disconnect.open': async (user) => user.click(action('Disconnect')!),
        'disconnect.cancel': async (user) => user.click(disconnect().getByRole('button', { name: 'Keep copying' })),
        // The reason is cleared and pasted, as a member would (typing 401 characters one by one adds nothing to the walk).
        'reason.change': async (_user, event) => {
          fireEvent.change(reasonField(), { target: { value: '' } });
          fireEvent.change(reasonField(), { target: { value: event.value } });
        },
        'disconnect.confirm': async (user) => user.click(disconnect().getByRole('button', { name: 'Disconnect' })),
        'page.hidden': visibility,
        'page.visible': visibility,
      } satisfies { [K in ConnectionEvent['type']]: Gesture<Extract<ConnectionEvent, { type: K }>> };
      await walkPath(modelPath, {
        machine: connectionModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => {
          const view = renderInFlow(ConnectionContext, <ConnectionView />, logic, input, clock);
          send = view.send;
          return view;
        },
      });
    });
  }
});
