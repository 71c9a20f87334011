// The invitation banner of a registration's referral (link or sponsor cookie): inviter avatar and name.
// Loaded only on the registration page, so other auth pages do not carry the query code.
import { Avatar, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { invitationQueryOptions } from '../../api/auth';
import { useTenant } from '../../lib/tenant-context';

export interface Invitation {
  name: string | null;
  avatar: string | null;
}

export function InvitationBanner({ invitation }: { invitation: Invitation }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="invitation-banner">
      <Group gap="sm" wrap="nowrap">
        <Avatar src={invitation.avatar} alt="" radius="xl" />
        <Text size="sm">
          <Trans>
            You were invited by <strong>{invitation.name}</strong>
          </Trans>
        </Text>
      </Group>
    </Paper>
  );
}

export default function Invitation({ sponsor }: { sponsor: string }) {
  const tenant = useTenant();
  const invitation = useQuery(invitationQueryOptions(tenant.uuid, sponsor));
  const inviter = invitation.data?.invitation;
  return inviter ? <InvitationBanner invitation={inviter} /> : null;
}
