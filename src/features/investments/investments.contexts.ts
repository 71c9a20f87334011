// The investments area's flows: the plans page (its Activate and Stop early dialogs run as its children) and
// the ROI calculator.
import { createActorContext } from '@xstate/react';
import { investPlansMachine } from '../../../machines/investments/invest-plans.machine';
import { roiCalculatorMachine } from '../../../machines/investments/roi-calculator.machine';

export const InvestPlansContext = createActorContext(investPlansMachine);
export const RoiCalculatorContext = createActorContext(roiCalculatorMachine);
