// @vitest-environment jsdom
// Filing a deal request: the flow's model paths, walked through the real request form.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { DealRequestEvent } from '../../machines/deals/deal-request.types';
import { DealRequestForm } from '../../src/features/deals/deal-request-form';
import { DealRequestContext } from '../../src/features/deals/deals.contexts';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { dealRequestModel } from '../models/deal-request.model';

const labels = { first_name: /^First name/, readiness: /^Readiness/, contacts: /^Contacts/ } as const;
const problemTexts: Record<string, string> = {
  required: 'This field is required',
  choice: 'Choose one of the options offered',
  'maxLength:100': 'Use at most 100 characters',
  'minLength:5': 'Use at least 5 characters',
};

const gestures = {
  'field.change': async (user, event) => {
    if (event.field === 'readiness') {
      await user.selectOptions(screen.getByRole('combobox', { name: labels.readiness }), event.value);
      return;
    }
    const field = screen.getByRole('textbox', { name: labels[event.field as 'first_name' | 'contacts'] });
    await user.clear(field);
    if (event.value) await user.type(field, event.value);
  },
  'step.next': async (user) => user.click(screen.getByRole('button', { name: 'Next' })),
  'step.back': async (user) => user.click(screen.getByRole('button', { name: 'Back' })),
  'deal.submit': async (user) => user.click(screen.getByRole('button', { name: 'Send the request' })),
  'deal.another': async (user) => user.click(screen.getByRole('button', { name: 'File another request' })),
} satisfies { [K in DealRequestEvent['type']]: Gesture<Extract<DealRequestEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  if (snapshot.matches('filed')) {
    expect(screen.getByTestId('deal-filed')).toHaveTextContent('Deal No. 41 is New.');
    return;
  }
  const step = snapshot.matches({ editing: 'who' }) ? 1 : snapshot.matches({ editing: 'what' }) ? 2 : 3;
  expect(screen.getByTestId('deal-step')).toHaveTextContent(`Step ${step} of 3`);
  if (step === 1) {
    expect(screen.getByRole('textbox', { name: labels.first_name })).toHaveValue(context.values.first_name);
    expect(screen.getByRole('combobox', { name: /^Marital status/ })).toHaveValue(context.values.marital_status);
  }
  if (step === 2) expect(screen.getByRole('combobox', { name: labels.readiness })).toHaveValue(context.values.readiness);
  if (step === 3) expect(screen.getByRole('textbox', { name: labels.contacts })).toHaveValue(context.values.contacts);
  for (const [field, code] of Object.entries(context.fieldErrors as Record<string, string | undefined>)) {
    if (code) expect(screen.getByTestId(`deal-${field}`)).toHaveAccessibleDescription(expect.stringContaining(problemTexts[code]!));
  }
  const sendOrNext = screen.getByRole('button', { name: step === 3 ? 'Send the request' : 'Next' });
  if (snapshot.matches('sending')) expect(sendOrNext).toHaveAttribute('data-loading', 'true');
  else expect(sendOrNext).toBeEnabled();
}

describe('deal request form', () => {
  for (const modelPath of modelPaths(dealRequestModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: dealRequestModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => renderInFlow(DealRequestContext, <DealRequestForm onSeeDeals={() => undefined} />, logic, input, clock),
      });
    });
  }
});
