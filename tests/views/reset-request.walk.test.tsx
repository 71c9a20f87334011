// @vitest-environment jsdom
// The password-reset request's model paths, walked through its real view.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ResetRequestEvent } from '../../machines/auth/reset-request.types';
import { ResetRequestContext } from '../../src/features/auth/auth-links.contexts';
import { ResetPasswordView } from '../../src/features/auth/reset-password-view';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { resetRequestModel } from '../models/reset-request.model';

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

const gestures = {
  'reset.submit': async (user, event) => {
    await user.clear(field(/^Email/));
    await user.type(field(/^Email/), event.email);
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
  },
  'reset.again': async (user) => user.click(screen.getByRole('button', { name: 'Use another email' })),
} satisfies { [K in ResetRequestEvent['type']]: Gesture<Extract<ResetRequestEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  if (snapshot.matches('editing') && snapshot.context.error) {
    expect(screen.getByRole('alert')).toHaveTextContent(appErrorText(snapshot.context.error));
  }
  if (snapshot.matches('sending')) expect(document.querySelector('form')).toHaveAttribute('aria-busy', 'true');
  if (snapshot.matches('sent')) expect(screen.getByRole('status')).toHaveTextContent(snapshot.context.email);
}

describe('resetRequest view', () => {
  for (const modelPath of modelPaths(resetRequestModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: resetRequestModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => renderInFlow(ResetRequestContext, <ResetPasswordView />, logic, input, clock),
      });
    });
  }
});
