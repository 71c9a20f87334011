// The registration modal (for guests who go to pay from the cart): registration, with a toggle to the
// login form, in a dialog. The caller supplies the flows' provided logic and input (registration with
// `inDialog`, so "log in instead" turns the dialog to the login form rather than leaving the page).
import { Modal } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ActorOptions } from 'xstate';
import type { loginMachine } from '../../../machines/auth/login.machine';
import type { registrationMachine } from '../../../machines/auth/registration.machine';
import { selectStep } from '../../../machines/auth/registration.selectors';
import { dialogWidth } from '../../../domain/limits';
import { LoginContext } from './auth.contexts';
import { RegistrationContext } from './auth-registration.contexts';
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
  return (
    <RegistrationContext.Provider logic={registration.logic} options={registration.options}>
      <RegistrationOrLogin opened={opened} onClose={onClose} login={login} />
    </RegistrationContext.Provider>
  );
}

function RegistrationOrLogin({ opened, onClose, login }: Omit<RegistrationModalProps, 'registration'>) {
  const { t } = useLingui();
  const loginChosen = RegistrationContext.useSelector(selectStep) === 'login';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={dialogWidth.default}
      title={loginChosen ? t`Log in` : t`Create an account`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {loginChosen ? (
        <LoginContext.Provider logic={login.logic} options={login.options}>
          <LoginView />
        </LoginContext.Provider>
      ) : (
        <RegistrationView />
      )}
    </Modal>
  );
}
