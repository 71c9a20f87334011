// The payment dialog's steps (spec §9 "Payment process steps"): method, currency, details, waiting, success.
// They keep to one row in the 480 px dialog and on a phone in every language: numbered dots, and the name of
// the current step only; screen readers hear each step's full name, whether it is done, and which is current.
import { VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import './payment-stepper.css';

export function PaymentStepper({ active }: { active: number }) {
  const { t } = useLingui();
  const names = [t`Method`, t`Currency`, t`Details`, t`Waiting`, t`Success`];
  return (
    <ol className="payment-stepper" aria-label={t`Payment steps`} data-testid="payment-stepper">
      {names.map((name, index) => {
        const state = index < active ? 'done' : index === active ? 'current' : 'next';
        return (
          <li key={index} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="payment-stepper-dot" aria-hidden>
              {state === 'done' ? <IconCheck size={14} stroke={3} /> : index + 1}
            </span>
            {state === 'current' ? <span className="payment-stepper-name">{name}</span> : <VisuallyHidden>{state === 'done' ? t`${name} (done)` : name}</VisuallyHidden>}
          </li>
        );
      })}
    </ol>
  );
}
