import { investMachine } from '../../machines/crowdfunding/invest.machine';
import type { InvestContext, InvestEvent, InvestOutcome, ProjectPage } from '../../machines/crowdfunding/invest.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { finishedPage, missingPage, newHolding, noTariffPage, openPage } from './crowdfunding-fixtures';

export const investFixtures = {
  'amount.change': [
    { type: 'amount.change', value: '100' },
    { type: 'amount.change', value: '20' },
    { type: 'amount.change', value: '2000' },
    { type: 'amount.change', value: '' },
    // Not taken: a leading zero.
    { type: 'amount.change', value: '0100' },
  ],
  'invest.submit': [{ type: 'invest.submit' }],
  'invest.back': [{ type: 'invest.back' }],
  'invest.confirm': [{ type: 'invest.confirm' }],
  'invest.again': [{ type: 'invest.again' }],
  'load.retry': [{ type: 'load.retry' }],
  'xstate.done.actor.loadPage': [
    { type: 'xstate.done.actor.loadPage', output: openPage },
    { type: 'xstate.done.actor.loadPage', output: finishedPage },
    { type: 'xstate.done.actor.loadPage', output: noTariffPage },
    { type: 'xstate.done.actor.loadPage', output: missingPage },
  ],
  'xstate.error.actor.loadPage': [{ type: 'xstate.error.actor.loadPage', error: networkError }],
  'xstate.done.actor.invest': [
    { type: 'xstate.done.actor.invest', output: success(newHolding) },
    {
      type: 'xstate.done.actor.invest',
      output: failure({ code: 'server', category: 'conflict', reason: 'FundraisingFinished', message: 'Fundraising finished, so no investing.' }),
    },
  ],
  'xstate.error.actor.invest': [{ type: 'xstate.error.actor.invest', error: networkError }],
} satisfies { [K in InvestEvent['type']]: Extract<InvestEvent, { type: K }>[] } & {
  'xstate.done.actor.loadPage': DoneEvent<'loadPage', ProjectPage>[];
  'xstate.error.actor.loadPage': ErrorEvent<'loadPage'>[];
  'xstate.done.actor.invest': DoneEvent<'invest', InvestOutcome>[];
  'xstate.error.actor.invest': ErrorEvent<'invest'>[];
};

export const investModel: Model<typeof investMachine> = {
  machine: investMachine,
  inputs: [{ label: 'Sea View Residence', input: { projectId: '1', keyPrefix: 'crowdfunding-1' } }],
  events: flattenFixtures(investFixtures),
  cover: 'transitions',
  // What the guards read: the amount (its problem against the figures) and which page was loaded.
  contextKey: (context: InvestContext) => [
    context.amount,
    context.page?.project ? `${context.page.project.status}:${context.page.project.viewerCap}` : 'none',
  ],
};
