// @vitest-environment jsdom
// The promo code's model paths, walked through the real promo input. The cart tells the promo flow when its
// lines change (cart.changed): that event is sent as the cart sends it.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { createActor } from 'xstate';
import type { PromoEvent } from '../../machines/shop/promo.types';
import { PromoInput } from '../../src/features/shop/promo-input';
import { PromoActorContext } from '../../src/features/shop/shop.contexts';
import { appErrorText } from '../../src/lib/app-error-text';
import { renderView } from '../support/render';
import { modelPaths } from '../support/model';
import { walkPath, type Gesture } from '../support/walk';
import { promoModel } from '../models/promo.model';

let actor: { send: (event: PromoEvent) => void; getSnapshot: () => any } | undefined;
const field = () => screen.getByRole('textbox', { name: 'Promo code' });

const gestures = {
  // One change event with the whole value, as a paste gives it.
  'promo.change': async (_user, event) => void fireEvent.change(field(), { target: { value: event.code } }),
  'promo.apply': async (user) => user.click(screen.getByRole('button', { name: 'Apply' })),
  'promo.clear': async (user) => user.click(screen.getByRole('button', { name: 'Remove the promo code' })),
  'cart.changed': async (_user, event) => actor!.send(event),
} satisfies { [K in PromoEvent['type']]: Gesture<Extract<PromoEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  // An applied code stays shown while a changed cart has it checked again.
  if (context.applied) {
    expect(screen.getByTestId('promo-applied')).toHaveTextContent(`Promo code ${context.applied.code} applied`);
    expect(screen.queryByRole('textbox', { name: 'Promo code' })).toBeNull();
    return;
  }
  expect(screen.queryByTestId('promo-applied')).toBeNull();
  expect(field()).toHaveValue(context.code);
  // Read-only while the code is checked: nothing typed then could be lost or mixed up with the answer.
  if (snapshot.matches('checking')) expect(field()).toHaveAttribute('readonly');
  else expect(field()).not.toHaveAttribute('readonly');
  const apply = screen.queryByRole('button', { name: 'Apply' });
  // Apply shows only when something other than spaces is typed (spec §5), and while the code is checked.
  if (snapshot.matches('checking')) expect(apply).toHaveAttribute('data-loading', 'true');
  else if (context.code.trim() !== '') expect(apply).toBeEnabled();
  else expect(apply).toBeNull();
  // The reason of a cleared code is in the notifier, not beside the field.
  if (context.error) expect(screen.queryByText(appErrorText(context.error))).toBeNull();
}

describe('promo input', () => {
  for (const modelPath of modelPaths(promoModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: promoModel.machine,
        gestures,
        expectScreen,
        render: (logic, _input, clock) => {
          const running = createActor(logic, { clock }).start();
          actor = running;
          renderView(
            <PromoActorContext.Provider value={running}>
              <PromoInput />
            </PromoActorContext.Provider>,
          );
          return { snapshot: () => running.getSnapshot() };
        },
      });
    });
  }
});
