// Profile (spec §2 "Profile", §5 "Profile", "Avatar", "Staking wallet address", §6): the photo and the
// profile's fields, the staking wallet (where the tenant has staking), the sponsor and the referral link. The
// route renders the profile, avatar and staking wallet flows around the page.
import { Card, Stack } from '@mantine/core';
import { useMember } from '../../../api/account';
import { referralLink } from '../../../lib/member';
import { tenantFeatures } from '../../../lib/tenant';
import { useTenant } from '../../../lib/tenant-context';
import { AccountNav } from '../account-nav';
import { AvatarPicker, AvatarToProfile } from './avatar-picker';
import { ProfileForm } from './profile-form';
import { ReferralLinkBlock } from './referral-link-block';
import { SponsorBlock } from './sponsor-block';
import { StakingWalletBlock } from './staking-wallet-block';

export function ProfileView() {
  const me = useMember();
  const tenant = useTenant();
  const link = referralLink(tenant.whiteLabel, me);
  return (
    <Stack gap="lg">
      <AccountNav />
      <Card withBorder padding="lg" component="section">
        <Stack gap="lg">
          <AvatarToProfile />
          <AvatarPicker current={me.avatar ?? null} />
          <ProfileForm me={me} />
        </Stack>
      </Card>
      {tenantFeatures(tenant).staking && <StakingWalletBlock me={me} />}
      {tenant.whiteLabel.show_sponsor_profile && <SponsorBlock />}
      {link && <ReferralLinkBlock link={link} />}
    </Stack>
  );
}
