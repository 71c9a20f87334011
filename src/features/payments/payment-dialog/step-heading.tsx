// The heading of each step takes the focus when the step appears (keyboard and screen-reader users land there).
import { useEffect, useRef, type ReactNode } from 'react';
import { Title } from '@mantine/core';

export function StepHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Title order={3} size="h5" ref={heading} tabIndex={-1} data-autofocus style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}
