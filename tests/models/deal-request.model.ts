import { dealRequestMachine } from '../../machines/deals/deal-request.machine';
import type { DealRequestContext, DealRequestEvent } from '../../machines/deals/deal-request.types';
import type { Deal } from '../../machines/deals/deals.types';
import { dealFieldProblems, dealSteps } from '../../domain/deals';
import type { AppError } from '../../domain/app-error';
import { flattenFixtures, networkError, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { completeAnswers, filedDeal } from './deals-fixtures';

const refused = (field: string, code: string): AppError => ({
  code: 'validation',
  category: 'validation',
  message: `${field}: invalid`,
  fields: { [`input.${field}`]: ['invalid'] },
  fieldCodes: { [`input.${field}`]: [code] },
});

export const dealRequestFixtures = {
  // Each change breaks one step's answer or mends it; the readiness is chosen where a draft lacks it (a field of
  // another step than the one shown is not taken).
  'field.change': [
    { type: 'field.change', field: 'first_name', value: '' },
    { type: 'field.change', field: 'first_name', value: 'Olena' },
    { type: 'field.change', field: 'readiness', value: 'now' },
    { type: 'field.change', field: 'contacts', value: '+38' },
    { type: 'field.change', field: 'contacts', value: '+380 50 123 4567' },
  ],
  'step.next': [{ type: 'step.next' }],
  'step.back': [{ type: 'step.back' }],
  'deal.submit': [{ type: 'deal.submit' }],
  'deal.another': [{ type: 'deal.another' }],
  'xstate.done.actor.createDeal': [{ type: 'xstate.done.actor.createDeal', output: filedDeal }],
  'xstate.error.actor.createDeal': [
    { type: 'xstate.error.actor.createDeal', error: refused('first_name', 'maxLength:100') },
    { type: 'xstate.error.actor.createDeal', error: refused('payment_scheme', 'choice') },
    { type: 'xstate.error.actor.createDeal', error: refused('contacts', 'minLength:5') },
    { type: 'xstate.error.actor.createDeal', error: networkError },
  ],
} satisfies { [K in DealRequestEvent['type']]: Extract<DealRequestEvent, { type: K }>[] } & {
  'xstate.done.actor.createDeal': DoneEvent<'createDeal', Deal>[];
  'xstate.error.actor.createDeal': ErrorEvent<'createDeal'>[];
};

const stepValid = (context: DealRequestContext, step: keyof typeof dealSteps) =>
  Object.keys(dealFieldProblems(context.values, dealSteps[step])).length === 0;

export const dealRequestModel: Model<typeof dealRequestMachine> = {
  machine: dealRequestMachine,
  inputs: [
    { label: 'a draft with every answer', input: { keyPrefix: 'deal-1', draft: completeAnswers } },
    { label: 'a draft without the readiness', input: { keyPrefix: 'deal-1', draft: { ...completeAnswers, readiness: '' } } },
  ],
  events: flattenFixtures(dealRequestFixtures),
  cover: 'transitions',
  // What the guards read: whether each step's answers are valid.
  contextKey: (context: DealRequestContext) => [stepValid(context, 'who'), stepValid(context, 'what'), stepValid(context, 'contacts')],
};
