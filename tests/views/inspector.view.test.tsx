// @vitest-environment jsdom
// The built-in inspector's panel: the actors by machine id with who started them and where, the chosen one's
// state lit on its committed chart, its events with masked payloads, a timeline whose marks the keyboard
// reaches; and, live, a flow the app starts with flowOptions shows up as it runs.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { InspectorPanel, LiveInspector } from '../../src/dev/inspector/inspector-panel';
import { InspectionLog, type InspectionMessage, type InspectionSource } from '../../src/dev/inspector/inspection-log';
import { flowOptions } from '../../src/lib/flow-inspection';
import { masked } from '../../src/lib/mask-secrets';
import { loginMachine } from '../../machines/auth/login.machine';
import { renderView } from '../support/render';

const here: InspectionSource = { id: 'here', page: '/flows' };
const appTab: InspectionSource = { id: 'app', page: '/login' };

function sampleLog() {
  const log = new InspectionLog();
  const messages: InspectionMessage[] = [
    { kind: 'actor', source: here, sessionId: 'x:0', machineId: 'tenantConfig', parentSessionId: null, at: 1_000 },
    { kind: 'snapshot', source: here, sessionId: 'x:0', value: 'ready', status: 'active', at: 1_000 },
    { kind: 'actor', source: appTab, sessionId: 'x:1', machineId: 'login', parentSessionId: null, at: 2_000 },
    { kind: 'actor', source: appTab, sessionId: 'x:2', machineId: 'child', parentSessionId: 'x:1', at: 2_000 },
    { kind: 'snapshot', source: appTab, sessionId: 'x:1', value: 'editingCredentials', status: 'active', at: 2_000 },
    { kind: 'event', source: appTab, sessionId: 'x:1', seq: 1, type: 'credentials.submit', payload: { username: 'demo@example.com', password: masked }, at: 3_000 },
    { kind: 'event', source: here, sessionId: 'x:0', seq: 2, type: 'connection.lost', payload: {}, at: 4_000 },
  ];
  messages.forEach((message) => log.apply(message));
  return log;
}

const heading = () => screen.getByRole('heading', { level: 2 });

describe('the inspector panel', () => {
  it('lists the actors by machine id with the flow that started them and their page', async () => {
    const log = sampleLog();
    renderView(<InspectorPanel actors={log.list()} timeline={log.timeline()} ownSourceId="here" />);
    const list = within(await screen.findByRole('navigation', { name: 'Running flows' }));
    expect(list.getAllByRole('button').map((button) => button.getAttribute('data-machine'))).toEqual(['tenantConfig', 'login', 'child']);
    expect(list.getByRole('button', { name: /tenantConfig/ })).toHaveTextContent('ready · mounted by the page · this page');
    expect(list.getByRole('button', { name: /child/ })).toHaveTextContent('started by login · /login');
  });

  it("lights the chosen actor's state on its chart and shows its events with masked payloads", async () => {
    const user = userEvent.setup();
    const log = sampleLog();
    renderView(<InspectorPanel actors={log.list()} timeline={log.timeline()} ownSourceId="here" />);
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent('tenantConfig: ready');
    // By keyboard: Tab to the login entry, Enter.
    const login = screen.getByRole('button', { name: /^login/ });
    while (document.activeElement !== login) await user.tab();
    await user.keyboard('{Enter}');
    expect(heading()).toHaveTextContent('login: editingCredentials');
    expect(login).toHaveAttribute('aria-current', 'true');
    const row = within(screen.getByTestId('live-events')).getByRole('row', { name: /credentials\.submit/ });
    expect(row).toHaveTextContent(`{"username":"demo@example.com","password":"${masked}"}`);
    await waitFor(() => expect(screen.getByTestId('flow-chart').querySelectorAll('g.state.is-active')).toHaveLength(1));
    expect(screen.getByTestId('flow-chart').querySelector('g.state.is-active')).toHaveAttribute('data-state-id', 'login.editingCredentials');
  });

  it("draws a lane per actor with a mark per event; a mark picks its actor and event", async () => {
    const user = userEvent.setup();
    const log = sampleLog();
    renderView(<InspectorPanel actors={log.list()} timeline={log.timeline()} ownSourceId="here" />);
    const timeline = within(await screen.findByTestId('inspector-timeline'));
    expect(timeline.getAllByRole('group').map((lane) => lane.getAttribute('aria-label'))).toEqual(['Events of tenantConfig', 'Events of login']);
    const mark = within(timeline.getByRole('group', { name: 'Events of login' })).getByRole('button', { name: /^credentials\.submit at / });
    mark.focus();
    await user.keyboard('{Enter}');
    expect(heading()).toHaveTextContent('login: editingCredentials');
    expect(mark).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByTestId('live-events')).getByRole('row', { name: /credentials\.submit/ })).toHaveAttribute('data-chosen', 'true');
  });

  it('says so when no flow runs', async () => {
    renderView(<InspectorPanel actors={[]} timeline={[]} />);
    expect(await screen.findByText('No flow is running in this page.')).toBeInTheDocument();
  });
});

describe('the live inspector', () => {
  const started: { stop(): void }[] = [];
  afterEach(() => started.splice(0).forEach((actor) => actor.stop()));

  it('shows a flow the app starts with flowOptions as it moves, the code typed masked', async () => {
    renderView(<LiveInspector />);
    const actor = createActor(
      loginMachine,
      flowOptions({ input: { method: 'email' as const, productsModuleOn: false, hasStoredProducts: false, inDialog: false } }),
    );
    started.push(actor);
    act(() => {
      actor.start();
    });
    const entry = await screen.findByRole('button', { name: /^login/ });
    await userEvent.setup().click(entry);
    expect(heading()).toHaveTextContent('login: editingCredentials');
    expect(entry).toHaveTextContent('this page');
    act(() => actor.send({ type: 'code.change', code: '654321' }));
    await waitFor(() => expect(screen.getByTestId('live-events')).toHaveTextContent(`code.change{"code":"${masked}"}`));
    expect(document.body.textContent).not.toContain('654321');
  });
});
