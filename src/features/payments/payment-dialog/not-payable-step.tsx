// The invoice is canceled or refunded: it can no longer be paid.
import { Alert } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

export function NotPayableStep() {
  return (
    <Alert color="gray" role="status">
      <Trans>This invoice can no longer be paid.</Trans>
    </Alert>
  );
}
