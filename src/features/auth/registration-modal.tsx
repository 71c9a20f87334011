// The registration modal (for guests who go to pay from the cart): registration, with a toggle to the
// login form, in a dialog. The caller supplies the flows' provided logic and input.
import { useMemo, useState } from 'react';
import { Modal } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ActorOptions } from 'xstate';
import type { loginMachine } from '../../../machines/login/login.machine';
import type { registrationMachine } from '../../../machines/registration/registration.machine';
import { LoginContext, RegistrationContext } from './flow-contexts';
import { LoginView } from './login-view';
import { RegistrationView } from './registration-view';

interface RegistrationModalProps {
  opened: boolean;
  onClose: () => void;
  /** The flows' provided logic and actor options (input, inspection). */
  registration: { logic: typeof registrationMachine; options: ActorOptions<typeof registrationMachine> };
  login: { logic: typeof loginMachine; options: ActorOptions<typeof loginMachine> };
}

export function RegistrationModal({ opened, onClose, registration, login }: RegistrationModalProps) {
  const { t } = useLingui();
  const [side, setSide] = useState<'register' | 'login'>('register');
  // In the dialog, "log in instead" turns the dialog to the login form rather than leaving the page.
  const registrationLogic = useMemo(
    () => registration.logic.provide({ actions: { showLogin: () => setSide('login') } }),
    [registration.logic],
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={500}
      title={side === 'register' ? t`Create an account` : t`Log in`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {side === 'register' ? (
        <RegistrationContext.Provider logic={registrationLogic} options={registration.options}>
          <RegistrationView />
        </RegistrationContext.Provider>
      ) : (
        <LoginContext.Provider logic={login.logic} options={login.options}>
          <LoginView />
        </LoginContext.Provider>
      )}
    </Modal>
  );
}
