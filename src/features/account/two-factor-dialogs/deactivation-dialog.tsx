// Turning two-factor off (spec §4; issue "Security" finding 7): the form, then the word that it is off. The
// flow opens the dialog (Turn off) and closes it.
import { Button, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import * as deactivation from '../../../../machines/account/two-factor-deactivation.selectors';
import { DeactivationContext } from '../account.contexts';
import { DeactivationForm } from './deactivation-form';
import { FlowModal } from './flow-modal';

export function DeactivationDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useLingui();
  const actor = DeactivationContext.useActorRef();
  const closed = DeactivationContext.useSelector(deactivation.selectClosed);
  const done = DeactivationContext.useSelector(deactivation.selectDone);
  return (
    <FlowModal
      closed={closed}
      onClose={() => actor.send({ type: 'dialog.close' })}
      onClosed={onClosed}
      title={t`Turn off two-factor authentication`}
    >
      {done ? (
        <Stack gap="md" align="center" ta="center">
          <Text role="status">
            <Trans>Two-factor authentication is off.</Trans>
          </Text>
          {/* The success replaces the form inside the open dialog: focus moves to Close for keyboard users. */}
          <Button onClick={() => actor.send({ type: 'dialog.close' })} autoFocus>
            <Trans>Close</Trans>
          </Button>
        </Stack>
      ) : (
        <DeactivationForm />
      )}
    </FlowModal>
  );
}
