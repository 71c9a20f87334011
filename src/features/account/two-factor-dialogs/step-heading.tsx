// The heading of an activation step: it takes the focus when the step appears, so keyboard and screen-reader
// users land on the new step instead of the page behind the dialog.
import { useEffect, useRef, type ReactNode } from 'react';
import { Title } from '@mantine/core';

export function StepHeading({ step, children }: { step: number; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Title
      order={3}
      size="h5"
      ref={heading}
      tabIndex={-1}
      // The dialog's own focus trap starts here too, on the first step.
      data-autofocus
      style={{ outline: 'none' }}
      data-testid={`twofa-step-${step}`}
    >
      {children}
    </Title>
  );
}
