// A sign-in form's heading. Inside the registration dialog the dialog's own title names the form, so the
// heading is left out there: the title shows once.
import { createContext, useContext, type ReactNode } from 'react';
import { Title } from '@mantine/core';

export const TitledByDialog = createContext(false);

export function FormTitle({ children }: { children: ReactNode }) {
  if (useContext(TitledByDialog)) return null;
  return (
    <Title order={1} size="h2">
      {children}
    </Title>
  );
}
