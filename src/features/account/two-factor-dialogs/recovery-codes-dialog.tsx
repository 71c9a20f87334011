// New recovery codes (issue "Security": a recovery path for two-factor): a code from the app makes 10 new
// codes, which show once. The flow opens the dialog (Make new codes) and closes it.
import { Button, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import * as recovery from '../../../../machines/account/recovery-codes.selectors';
import { appErrorText } from '../../../lib/app-error-text';
import { CodeInput } from '../../../components/code-input';
import { RecoveryCodesContext } from '../account.contexts';
import { RecoveryCodesList } from '../recovery-codes-list';
import { FlowModal } from './flow-modal';

/** New recovery codes for a current code from the app; the old ones stop working. */
export function RecoveryCodesDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useLingui();
  const actor = RecoveryCodesContext.useActorRef();
  const closed = RecoveryCodesContext.useSelector(recovery.selectClosed);
  const busy = RecoveryCodesContext.useSelector(recovery.selectBusy);
  const code = RecoveryCodesContext.useSelector(recovery.selectCode);
  const error = RecoveryCodesContext.useSelector(recovery.selectError);
  const codes = RecoveryCodesContext.useSelector(recovery.selectCodes);
  const saved = RecoveryCodesContext.useSelector(recovery.selectSaved);
  const canClose = RecoveryCodesContext.useSelector(recovery.selectCanClose);
  return (
    <FlowModal closed={closed} onClose={() => actor.send({ type: 'dialog.close' })} onClosed={onClosed} title={t`New recovery codes`}>
      {codes.length ? (
        <Stack gap="md">
          <Text role="status">
            <Trans>Your new recovery codes are ready. The old ones no longer work.</Trans>
          </Text>
          <RecoveryCodesList codes={codes} saved={saved} onSavedChange={(next) => actor.send({ type: 'codes.saved', saved: next })} />
          <Button onClick={() => actor.send({ type: 'dialog.close' })} disabled={!canClose}>
            <Trans>Done</Trans>
          </Button>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'codes.request' });
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              <Trans>Enter a code from the app to make 10 new recovery codes. The codes you have now will stop working.</Trans>
            </Text>
            <CodeInput
              label={t`Code from the authenticator app`}
              required
              data-autofocus
              value={code}
              onChange={(next) => actor.send({ type: 'authCode.change', code: next })}
              error={error ? appErrorText(error) : undefined}
            />
            <Button type="submit" loading={busy}>
              <Trans>Make new codes</Trans>
            </Button>
          </Stack>
        </form>
      )}
    </FlowModal>
  );
}
