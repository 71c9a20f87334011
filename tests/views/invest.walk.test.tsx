// @vitest-environment jsdom
// Investing in a crowdfunding project: the flow's model paths, walked through the real project page.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { InvestEvent } from '../../machines/crowdfunding/invest.types';
import { ProjectView } from '../../src/features/crowdfunding/project-view';
import { InvestContext } from '../../src/features/crowdfunding/crowdfunding.contexts';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { investModel } from '../models/invest.model';

const amountField = () => screen.getByRole('textbox', { name: /^Amount \(USDT\)/ });
const panel = () => within(screen.getByRole('region', { name: 'Invest' }));
/** The text as read, with the grouping space of amounts ($1 000.00) as a plain space. */
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\s/g, ' ');

const gestures = {
  'amount.change': async (user, event) => {
    await user.clear(amountField());
    if (event.value) await user.type(amountField(), event.value);
  },
  'invest.submit': async (user) => user.click(screen.getByRole('button', { name: 'Continue' })),
  'invest.back': async (user) => user.click(screen.getByRole('button', { name: 'Back' })),
  'invest.confirm': async (user) => user.click(screen.getByRole('button', { name: 'Confirm and invest' })),
  'invest.again': async (user) => user.click(screen.getByRole('button', { name: 'Invest more' })),
  'load.retry': async (user) => user.click(screen.getByRole('button', { name: 'Try again' })),
} satisfies { [K in InvestEvent['type']]: Gesture<Extract<InvestEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  if (snapshot.matches('loading')) {
    expect(screen.getByRole('status')).toHaveTextContent('Loading the project…');
    return;
  }
  if (snapshot.matches('loadFailed')) {
    expect(screen.getByRole('alert')).toHaveTextContent('The project could not be loaded.');
    return;
  }
  if (snapshot.matches('missing')) {
    expect(screen.getByText('This portal has no such project.')).toBeTruthy();
    return;
  }
  expect(screen.getByRole('heading', { name: 'Sea View Residence' })).toBeTruthy();
  expect(screen.getByTestId('project-progress')).toHaveTextContent(/paid/);
  if (snapshot.matches({ ready: 'closed' })) {
    expect(panel().getByTestId('invest-closed')).toHaveTextContent('Fundraising finished, so no investing.');
    expect(screen.queryByRole('textbox', { name: /^Amount/ })).toBeNull();
    return;
  }
  if (snapshot.matches({ ready: 'capped' })) {
    expect(panel().getByTestId('invest-capped')).toHaveTextContent('Investing in projects needs a tariff that allows it.');
    expect(text(panel().getByTestId('cap-tariffs'))).toContain('Basic: up to $1 000.00 per project');
    expect(panel().getByRole('link', { name: 'See the tariffs' })).toHaveAttribute('href', '/tariffs');
    return;
  }
  if (snapshot.matches({ ready: 'invested' })) {
    expect(panel().getByTestId('invest-done')).toHaveTextContent('You invested $100.00');
    expect(panel().getByTestId('invest-done')).toHaveTextContent('The first payout, $1.00, comes on');
    return;
  }
  expect(text(panel().getByTestId('viewer-cap'))).toBe('You can invest up to $1 000.00 here: your tariff allows $1 000.00, you hold $0.00.');
  expect(amountField()).toHaveValue(context.amount);
  if (context.amountError === 'min') expect(screen.getByText('The minimum investment is $50.00')).toBeTruthy();
  if (context.amountError === 'cap') expect(text(amountField().closest('.mantine-InputWrapper-root') as HTMLElement)).toContain('Your tariff lets you invest up to $1 000.00 more here');
  if (context.amountError === 'required') expect(screen.getByText('Enter the amount')).toBeTruthy();
  const confirming = snapshot.matches({ ready: 'confirming' }) || snapshot.matches({ ready: 'investing' });
  if (confirming) {
    expect(screen.getByTestId('invest-payouts')).toHaveTextContent(/^You receive \$1\.00 every month, from .+ to .+\.$/);
    expect(screen.getByTestId('invest-total')).toHaveTextContent('In all: $112.00');
    const confirm = screen.getByRole('button', { name: 'Confirm and invest' });
    if (snapshot.matches({ ready: 'investing' })) expect(confirm).toHaveAttribute('data-loading', 'true');
    else expect(confirm).toBeEnabled();
  } else {
    expect(screen.queryByTestId('invest-confirmation')).toBeNull();
  }
  if (snapshot.matches({ ready: 'refreshing' })) expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('data-loading', 'true');
  if (snapshot.matches({ ready: 'editing' })) expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
}

describe('crowdfunding project page', () => {
  for (const modelPath of modelPaths(investModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: investModel.machine,
        gestures,
        expectScreen,
        clockKeys: ['confirmingSince'],
        render: (logic, input, clock) => renderInFlow(InvestContext, <ProjectView />, logic, input, clock),
      });
    });
  }
});
