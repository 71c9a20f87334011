// The suspended dialog (spec §4 "App state"): it cannot be dismissed; View invoices leads to /invoices.
import { Button, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { dialogWidth } from '../../../domain/limits';

export default function SuspendedModal({ opened, onViewInvoices }: { opened: boolean; onViewInvoices: () => void }) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      size={dialogWidth.default}
      centered
      title={t`Your account is suspended`}
      data-testid="suspended-dialog"
    >
      <Stack gap="md">
        <Text>
          <Trans>Your account has been suspended because of unpaid invoices. Pay them to use your account again.</Trans>
        </Text>
        <Button onClick={onViewInvoices} data-autofocus>
          <Trans>View invoices</Trans>
        </Button>
      </Stack>
    </Modal>
  );
}
