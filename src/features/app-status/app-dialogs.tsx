// Dialogs every page may show (spec §2 "Dialogs", §8 "Texts", §9 widths): maintenance (cannot be closed),
// new version (cannot be closed, or a notice while a form or payment is in progress) and old browser.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconRefresh, IconTool } from '@tabler/icons-react';
import { useOverlay } from '../../lib/overlays';
import { selectMaintenance, selectNewVersionDialog, selectReloading } from '../../../machines/app-status/app-state.selectors';
import { selectOpened } from '../../../machines/app-status/old-browser.selectors';
import { AppStateActorContext, OldBrowserActorContext, useRequired } from './app-status.contexts';
import { dialogWidth } from '../../../domain/limits';

/** Dialogs the member cannot dismiss: no close button, no Escape, no click outside. */
const persistent = { withCloseButton: false, closeOnEscape: false, closeOnClickOutside: false, trapFocus: true } as const;

function MaintenanceDialog() {
  const { t } = useLingui();
  const actor = useRequired(AppStateActorContext);
  const opened = useSelector(actor, selectMaintenance);
  useOverlay(opened);
  return (
    <Modal opened={opened} onClose={() => {}} {...persistent} size={dialogWidth.default} centered title={t`Maintenance`} data-testid="maintenance-dialog">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconTool size={28} aria-hidden />
          <Text>
            <Trans>The platform is being updated. This normally takes at most 10 minutes; the page goes on by itself.</Trans>
          </Text>
        </Group>
      </Stack>
    </Modal>
  );
}

function NewVersionDialog() {
  const { t } = useLingui();
  const actor = useRequired(AppStateActorContext);
  const prompting = useSelector(actor, selectNewVersionDialog);
  const reloading = useSelector(actor, selectReloading);
  // It stays open while the page reloads (from it or from the notice), its Reload busy, until the page goes.
  const opened = prompting || reloading;
  useOverlay(opened);
  return (
    <Modal opened={opened} onClose={() => {}} {...persistent} size={dialogWidth.default} centered title={t`New version available`} data-testid="new-version-dialog">
      <Stack gap="md">
        <Text>
          <Trans>A new version of the portal is available. Reload to use it.</Trans>
        </Text>
        <Button leftSection={<IconRefresh size={16} />} loading={reloading} onClick={() => actor.send({ type: 'reload.confirm' })} data-autofocus>
          <Trans>Reload</Trans>
        </Button>
      </Stack>
    </Modal>
  );
}

function OldBrowserDialog() {
  const { t } = useLingui();
  const actor = useRequired(OldBrowserActorContext);
  const opened = useSelector(actor, selectOpened);
  useOverlay(opened);
  return (
    <Modal
      opened={opened}
      onClose={() => actor.send({ type: 'dialog.close' })}
      size={dialogWidth.oldBrowser}
      centered
      title={t`Your browser is outdated`}
      closeButtonProps={{ 'aria-label': t`Close` }}
      data-testid="old-browser-dialog"
    >
      <Stack gap="md">
        <Text>
          <Trans>Some parts of the portal may not work. Please update to Safari 14.1, Chrome 84, Edge 84, Opera 70 or newer.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'dialog.neverAgain' })}>
            <Trans>Do not show again</Trans>
          </Button>
          <Button onClick={() => actor.send({ type: 'dialog.close' })}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function AppDialogs() {
  return (
    <>
      <MaintenanceDialog />
      <NewVersionDialog />
      <OldBrowserDialog />
    </>
  );
}
