// The registration modal (for guests who go to pay from the cart): registration, with a toggle to the
// login form, in a dialog. The page frame mounts both flows around it, for the dialog (registration with
// `inDialog`, so "log in instead" turns the dialog to the login form rather than leaving the page).
import { Modal } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { selectStep } from '../../../machines/auth/registration.selectors';
import { dialogWidth } from '../../../domain/limits';
import { RegistrationContext } from './auth-registration.contexts';
import { LoginView } from './login-view';
import { RegistrationView } from './registration-view';
import { TitledByDialog } from './form-title';
import { useOverlay } from '../../lib/overlays';

export function RegistrationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const loginChosen = RegistrationContext.useSelector(selectStep) === 'login';
  useOverlay(opened, onClose);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={dialogWidth.default}
      title={loginChosen ? t`Log in` : t`Create an account`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <TitledByDialog.Provider value>{loginChosen ? <LoginView /> : <RegistrationView />}</TitledByDialog.Provider>
    </Modal>
  );
}
