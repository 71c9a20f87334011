// @vitest-environment jsdom
// The new-password flow's model paths, walked through its real view.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { NewPasswordEvent } from '../../machines/auth/new-password.types';
import { NewPasswordContext } from '../../src/features/auth/auth-links.contexts';
import { NewPasswordView } from '../../src/features/auth/new-password-view';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { newPasswordModel } from '../models/new-password.model';

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

const gestures = {
  'password.submit': async (user, event) => {
    await user.clear(field(/^New password/));
    await user.type(field(/^New password/), event.password);
    await user.clear(field(/^Repeat the new password/));
    await user.type(field(/^Repeat the new password/), event.confirmation);
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
  },
} satisfies { [K in NewPasswordEvent['type']]: Gesture<Extract<NewPasswordEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  if (snapshot.matches('editing') && snapshot.context.error) {
    expect(screen.getByRole('alert')).toHaveTextContent(appErrorText(snapshot.context.error));
  }
  if (snapshot.matches('saved')) expect(screen.getByRole('status')).toHaveTextContent('Your new password is set.');
  if (snapshot.matches('linkInvalid')) {
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not valid any more. Ask for a new one.');
  }
}

describe('newPassword view', () => {
  for (const modelPath of modelPaths(newPasswordModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: newPasswordModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => renderInFlow(NewPasswordContext, <NewPasswordView />, logic, input, clock),
      });
    });
  }
});
