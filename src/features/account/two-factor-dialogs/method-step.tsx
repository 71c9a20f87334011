// Activation step 1: the method (only Google Authenticator) and where to get the app; Continue makes the secret.
import { Anchor, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import * as activation from '../../../../machines/account/two-factor-activation.selectors';
import { ActivationContext } from '../account.contexts';
import { ActivationError } from './activation-error';
import { StepHeading } from './step-heading';

export const authenticatorApps = {
  appStore: 'https://apps.apple.com/app/google-authenticator/id388497605',
  googlePlay: 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2',
};

export function MethodStep() {
  const actor = ActivationContext.useActorRef();
  const busy = ActivationContext.useSelector(activation.selectBusy);
  return (
    <Stack gap="md">
      <StepHeading step={1}>
        <Trans>Step 1 of 3: choose the method</Trans>
      </StepHeading>
      <ActivationError />
      <Radio.Group value="google2fa" label={<Trans>Method</Trans>}>
        <Radio value="google2fa" label={<Trans>Google Authenticator</Trans>} mt="xs" />
      </Radio.Group>
      <Text size="sm">
        <Trans>
          Install the app from the{' '}
          <Anchor href={authenticatorApps.appStore} target="_blank" rel="noopener noreferrer">
            App Store
          </Anchor>{' '}
          or{' '}
          <Anchor href={authenticatorApps.googlePlay} target="_blank" rel="noopener noreferrer">
            Google Play
          </Anchor>
          .
        </Trans>
      </Text>
      <Group justify="flex-end">
        <Button onClick={() => actor.send({ type: 'method.continue' })} loading={busy}>
          <Trans>Continue</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
