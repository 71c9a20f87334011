import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { selectScreen } from '../../../machines/auth/oauth-login.selectors';
import { OAuthLoginContext } from './auth-sso.contexts';

/** Single sign-on: on the way to or back from the authorisation page, signed out, or failed. */
export function OAuthLoginView() {
  const actor = OAuthLoginContext.useActorRef();
  const state = OAuthLoginContext.useSelector(selectScreen);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>Single sign-on</Trans>
      </Title>
      {state === 'busy' ? (
        <Center py="md" aria-busy="true">
          <Stack align="center" gap="xs">
            <Loader />
            <Text>
              <Trans>Signing you in…</Trans>
            </Text>
          </Stack>
        </Center>
      ) : (
        <>
          {state === 'signedOut' ? (
            <Alert color="blue" role="status">
              <Trans>You are signed out.</Trans>
            </Alert>
          ) : (
            <Alert color="red" role="alert">
              <Trans>Single sign-on failed. Sign in again.</Trans>
            </Alert>
          )}
          <Button onClick={() => actor.send({ type: 'sso.signIn' })}>
            <Trans>Sign in</Trans>
          </Button>
        </>
      )}
    </Stack>
  );
}
