// The deals area's words: a deal's status (calls §4), the request's choices (domain/deals.ts) and its steps.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { distancesToSea, DealStatus, DealStep, kidsChoices, maritalStatuses, paymentSchemes, readinessChoices } from '../../../domain/deals';

export const dealStatusNames: Record<DealStatus, MessageDescriptor> = {
  new: msg({ message: 'New', context: 'deal status' }),
  pending: msg({ message: 'Pending', context: 'deal status' }),
  in_progress: msg({ message: 'In progress', context: 'deal status' }),
  meeting: msg({ message: 'Meeting', context: 'deal status' }),
  choosing_property: msg({ message: 'Choosing a property', context: 'deal status' }),
  signing_documents: msg({ message: 'Signing documents', context: 'deal status' }),
  completed: msg({ message: 'Completed', context: 'deal status' }),
  declined: msg({ message: 'Declined', context: 'deal status' }),
};

export const maritalStatusNames: Record<(typeof maritalStatuses)[number], MessageDescriptor> = {
  single: msg`Single`,
  married: msg`Married`,
  partnership: msg`Civil partnership`,
  divorced: msg`Divorced`,
  widowed: msg`Widowed`,
};

export const kidsNames: Record<(typeof kidsChoices)[number], MessageDescriptor> = {
  '0': msg`No kids`,
  '1': msg`One child`,
  '2': msg`Two children`,
  '3': msg`Three children`,
  '4_plus': msg`Four or more children`,
};

export const distanceNames: Record<(typeof distancesToSea)[number], MessageDescriptor> = {
  first_line: msg`First line, by the sea`,
  walk: msg`A short walk to the sea`,
  drive: msg`A short drive to the sea`,
  any: msg`The distance does not matter`,
};

export const paymentSchemeNames: Record<(typeof paymentSchemes)[number], MessageDescriptor> = {
  cash: msg`Cash or bank transfer`,
  mortgage: msg`Mortgage`,
  installments: msg`Instalments from the developer`,
  crypto: msg`Cryptocurrency`,
};

export const readinessNames: Record<(typeof readinessChoices)[number], MessageDescriptor> = {
  now: msg`Ready to buy now`,
  months_3: msg`Within 3 months`,
  months_6: msg`Within 6 months`,
  year: msg`Within a year`,
  exploring: msg`Just exploring`,
};

export const dealStepNames: Record<DealStep, MessageDescriptor> = {
  who: msg`About you`,
  what: msg`What you look for`,
  contacts: msg`How to reach you`,
};
