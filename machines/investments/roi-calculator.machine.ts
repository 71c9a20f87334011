// The ROI calculator (/calculator; spec §2 "ROI estimator"; issue 27 "ROI calculator"): an amount and a plan of
// the tenant, or the terms typed by hand (rate per period, period length, periods, compounding, the early-stop
// penalty). The estimate (the schedule per period, total profit, final amount and what stopping early pays at
// each point) is worked out by the selectors with domain/investments.ts, the server's own rule, so it agrees
// with the server to the cent. Fields take only what the numeric rules allow (spec §5). Nothing is called.
import { assign, setup } from 'xstate';
import { isTypeable } from './roi-calculator.schema';
import type { RoiCalculatorContext, RoiCalculatorEvent } from './roi-calculator.types';

export const roiCalculatorMachine = setup({
  types: {
    context: {} as RoiCalculatorContext,
    events: {} as RoiCalculatorEvent,
    input: {} as { amount?: string },
  },
  guards: {
    isTypeableAmount: ({ event }) => event.type === 'amount.change' && isTypeable('amount', event.value),
    isTypeableTerm: ({ event }) => event.type === 'manual.change' && isTypeable(event.field, event.value),
  },
}).createMachine({
  id: 'roiCalculator',
  context: ({ input }) => ({
    amount: input.amount ?? '',
    plan: null,
    manual: { ratePercent: '', periodDays: '30', periods: '', compounding: false, penaltyPercent: '0' },
  }),
  initial: 'estimating',
  states: {
    estimating: {
      meta: { description: 'The member types an amount and picks a plan (or types the terms); the estimate follows each change.' },
      on: {
        'amount.change': { guard: 'isTypeableAmount', actions: assign({ amount: ({ event }) => event.value }) },
        'plan.select': { actions: assign({ plan: ({ event }) => event.plan }) },
        'plan.manual': { actions: assign({ plan: null }) },
        'manual.change': {
          guard: 'isTypeableTerm',
          actions: assign({ manual: ({ context, event }) => ({ ...context.manual, [event.field]: event.value }) }),
        },
        'compounding.change': { actions: assign({ manual: ({ context, event }) => ({ ...context.manual, compounding: event.compounding }) }) },
      },
    },
  },
});
