// @vitest-environment jsdom
// Verifying a draw: the flow's model paths, walked through the real proof section.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { VerifyDrawEvent } from '../../machines/lotteries/verify-draw.types';
import { DrawProof } from '../../src/features/lotteries/draw-proof';
import { VerifyDrawContext } from '../../src/features/lotteries/lotteries.contexts';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { verifyDrawModel } from '../models/verify-draw.model';

const gestures = {
  verify: async (user) => user.click(screen.getByRole('button', { name: 'Verify the draw' })),
} satisfies { [K in VerifyDrawEvent['type']]: Gesture<Extract<VerifyDrawEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  expect(screen.getByTestId('proof-hash')).toHaveTextContent(snapshot.context.proof.seedHash);
  expect(screen.getByTestId('proof-seed')).toHaveTextContent(snapshot.context.proof.seed);
  const button = screen.getByRole('button', { name: 'Verify the draw' });
  if (snapshot.matches('verifying')) expect(button).toHaveAttribute('data-loading', 'true');
  else expect(button).toBeEnabled();
  if (snapshot.matches('idle') || snapshot.matches('verifying')) expect(screen.queryByTestId('proof-result')).toBeNull();
  if (snapshot.matches('matched')) expect(screen.getByTestId('proof-result')).toHaveTextContent('It matches');
  if (snapshot.matches('mismatched')) expect(screen.getByTestId('proof-result')).toHaveTextContent('It does not match: the rule picks tickets #12.');
  if (snapshot.matches('failed')) expect(screen.getByTestId('proof-result')).toHaveTextContent('This browser cannot compute the check.');
}

describe('draw proof', () => {
  for (const modelPath of modelPaths(verifyDrawModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: verifyDrawModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => renderInFlow(VerifyDrawContext, <DrawProof />, logic, input, clock),
      });
    });
  }
});
