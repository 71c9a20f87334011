// The activation flow's error, where a step shows it above its fields.
import { Alert } from '@mantine/core';
import * as activation from '../../../../machines/account/two-factor-activation.selectors';
import { appErrorText } from '../../../lib/app-error-text';
import { ActivationContext } from '../account.contexts';

export function ActivationError() {
  const error = ActivationContext.useSelector(activation.selectError);
  return error ? (
    <Alert color="red" role="alert">
      {appErrorText(error)}
    </Alert>
  ) : null;
}
