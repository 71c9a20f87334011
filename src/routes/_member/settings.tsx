import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { Loader } from '@mantine/core';
import { meQueryOptions } from '../../api/member';
import { avatarLogic, canReadFiles, profileLogic, stakingWalletLogic } from '../../app/flows/profile';
import { flowOptions } from '../../lib/flow-inspection';
import { hasModule } from '../../lib/tenant';
import { referralLinkAllowed } from '../../features/shell/member-panel';
import { SettingsView } from '../../features/account/settings-view';

export const Route = createFileRoute('/_member/settings')({
  staticData: { title: msg`Profile` },
  component: SettingsPage,
});

function SettingsPage() {
  const { tenant } = Route.useRouteContext();
  const me = useQuery(meQueryOptions()).data?.me;
  const logic = useMemo(
    () =>
      tenant && me
        ? {
            profile: profileLogic(tenant, me.uuid),
            staking: hasModule(tenant.whiteLabel, 'staking') ? stakingWalletLogic(tenant, me.uuid) : null,
          }
        : null,
    [tenant, me?.uuid], // eslint-disable-line react-hooks/exhaustive-deps
  );
  if (!tenant || !me || !logic) return <Loader aria-busy="true" />;
  const { whiteLabel } = tenant;
  return (
    <SettingsView
      me={me}
      referralLink={referralLinkAllowed(whiteLabel, me) ? `${window.location.origin}/register/${me.refid ?? ''}` : null}
      showSponsor={whiteLabel.show_sponsor_profile}
      profile={{ logic: logic.profile, options: flowOptions({ input: { allowEditName: whiteLabel.allow_edit_name } }) }}
      avatar={{ logic: avatarLogic, options: flowOptions({ input: { canReadFiles: canReadFiles() } }) }}
      stakingWallet={logic.staking ? { logic: logic.staking, options: flowOptions({}) } : null}
    />
  );
}
