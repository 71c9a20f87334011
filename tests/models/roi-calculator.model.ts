import { roiCalculatorMachine } from '../../machines/investments/roi-calculator.machine';
import type { RoiCalculatorEvent } from '../../machines/investments/roi-calculator.types';
import { flattenFixtures } from '../support/fixtures';
import type { Model } from '../support/model';
import { starter } from './investments-fixtures';

export const roiCalculatorFixtures = {
  'amount.change': [
    { type: 'amount.change', value: '100' },
    // Not taken: a leading zero.
    { type: 'amount.change', value: '0100' },
  ],
  'plan.select': [{ type: 'plan.select', plan: starter }],
  'plan.manual': [{ type: 'plan.manual' }],
  'manual.change': [
    { type: 'manual.change', field: 'ratePercent', value: '2' },
    { type: 'manual.change', field: 'periods', value: '6' },
    // Not taken: letters.
    { type: 'manual.change', field: 'periodDays', value: 'x' },
  ],
  'compounding.change': [{ type: 'compounding.change', compounding: true }],
} satisfies { [K in RoiCalculatorEvent['type']]: Extract<RoiCalculatorEvent, { type: K }>[] };

export const roiCalculatorModel: Model<typeof roiCalculatorMachine> = {
  machine: roiCalculatorMachine,
  inputs: [{ label: 'the calculator', input: {} }],
  events: flattenFixtures(roiCalculatorFixtures),
  cover: 'transitions',
};
