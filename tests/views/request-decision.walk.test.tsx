// @vitest-environment jsdom
// A trader's decision on a request: the flow's model paths, walked through the real Accept / Decline of a request's
// row on /investors.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { RequestDecisionEvent } from '../../machines/trading/request-decision.types';
import { selectStep } from '../../machines/trading/request-decision.selectors';
import { RequestDecision } from '../../src/features/trading/copy/investors-decision';
import { RequestDecisionContext } from '../../src/features/trading/copy/investors.contexts';
import { appErrorText } from '../../src/lib/app-error-text';
import { fieldErrorText } from '../../src/lib/field-errors';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { requestDecisionModel } from '../models/request-decision.model';

const declineForm = () => within(screen.getByRole('form', { name: 'Decline Demo Member’s request' }));
const reasonField = () => declineForm().getByRole('textbox', { name: /^Reason to decline/ });

const gestures = {
  'request.accept': async (user) => user.click(screen.getByRole('button', { name: 'Accept Demo Member’s request' })),
  'decline.open': async (user) => user.click(screen.getByRole('button', { name: 'Decline Demo Member’s request' })),
  'decline.cancel': async (user) => user.click(declineForm().getByRole('button', { name: 'Back' })),
  'reason.change': async (_user, event) => {
    fireEvent.change(reasonField(), { target: { value: '' } });
    fireEvent.change(reasonField(), { target: { value: event.value } });
  },
  'decline.confirm': async (user) => user.click(declineForm().getByRole('button', { name: 'Decline' })),
} satisfies { [K in RequestDecisionEvent['type']]: Gesture<Extract<RequestDecisionEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  const step = selectStep(snapshot);
  if (step === 'decided') {
    expect(screen.getByTestId('request-decided')).toHaveTextContent(context.decided.status === 'declined' ? 'Declined.' : 'Accepted');
    return;
  }
  if (step === 'alreadyDecided') {
    expect(screen.getByTestId('request-already-decided')).toHaveTextContent('This request was already decided or has expired.');
    return;
  }
  if (step === 'declining') {
    expect(reasonField()).toHaveValue(context.reason);
    expect(reasonField()).toHaveAccessibleDescription(expect.stringContaining(`${context.reason.length} of 400 characters`));
    if (context.reasonError) expect(reasonField()).toHaveAccessibleDescription(expect.stringContaining(fieldErrorText(context.reasonError)!));
    const send = declineForm().getByRole('button', { name: 'Decline' });
    if (snapshot.hasTag('busy')) expect(send).toHaveAttribute('data-loading', 'true');
    else expect(send).toBeEnabled();
    return;
  }
  const accept = screen.getByRole('button', { name: 'Accept Demo Member’s request' });
  if (step === 'accepting') expect(accept).toHaveAttribute('data-loading', 'true');
  else expect(accept).toBeEnabled();
  const refusal = screen.queryByTestId('request-refusal');
  if (step === 'idle' && context.refusal) expect(refusal).toHaveTextContent(appErrorText({ code: 'server', reason: context.refusal }));
  else expect(refusal).toBeNull();
}

describe('/investors: deciding a request', () => {
  for (const modelPath of modelPaths(requestDecisionModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: requestDecisionModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => renderInFlow(RequestDecisionContext, <RequestDecision memberName="Demo Member" />, logic, input, clock),
      });
    });
  }
});
