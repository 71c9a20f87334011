// @vitest-environment jsdom
// The verification link's model paths, walked through its real view.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { VerifyEmailContext } from '../../src/features/auth/auth-links.contexts';
import { VerifyEmailView } from '../../src/features/auth/verify-email-view';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath } from '../support/walk';
import { verifyEmailModel } from '../models/verify-email.model';

function expectScreen(snapshot: any) {
  if (snapshot.matches('verifying')) expect(screen.getByText('Checking your link…')).toBeVisible();
  if (snapshot.matches('failed')) expect(screen.getByRole('alert')).toHaveTextContent('Account activation failed: check the link.');
}

describe('verifyEmail view', () => {
  for (const modelPath of modelPaths(verifyEmailModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: verifyEmailModel.machine,
        gestures: {},
        expectScreen,
        render: (logic, input, clock) => renderInFlow(VerifyEmailContext, <VerifyEmailView />, logic, input, clock),
      });
    });
  }
});
