import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { selectFailed } from '../../../machines/auth/verify-email.selectors';
import { VerifyEmailContext } from './auth-links.contexts';
import { RouterAnchor } from '../../components/router-links';

/** The email verification link: a wait while the server checks it, or why it failed. */
export function VerifyEmailView() {
  const failed = VerifyEmailContext.useSelector(selectFailed);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>Email verification</Trans>
      </Title>
      {failed ? (
        <>
          <Alert color="red" role="alert">
            <Trans>Account activation failed: check the link.</Trans>
          </Alert>
          <Text size="sm">
            <Trans>
              The link may be used or older than 10 minutes.{' '}
              <RouterAnchor to="/login">
                Log in
              </RouterAnchor>{' '}
              to get a new code.
            </Trans>
          </Text>
        </>
      ) : (
        <Center py="md" aria-busy="true">
          <Stack align="center" gap="xs">
            <Loader />
            <Text>
              <Trans>Checking your link…</Trans>
            </Text>
          </Stack>
        </Center>
      )}
    </Stack>
  );
}
