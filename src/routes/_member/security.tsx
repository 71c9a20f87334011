import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { Loader } from '@mantine/core';
import { meQueryOptions } from '../../api/member';
import { twoFactorActivationLogic, twoFactorDeactivationLogic } from '../../app/flows/two-factor';
import { flowOptions } from '../../lib/flow-inspection';
import { SecurityView } from '../../features/account/security-view';

export const Route = createFileRoute('/_member/security')({
  staticData: { title: msg`Security` },
  component: SecurityPage,
});

function SecurityPage() {
  const me = useQuery(meQueryOptions()).data?.me;
  if (!me) return <Loader aria-busy="true" />;
  return (
    <SecurityView
      twoFactorOn={me.twofa}
      method={me.twofa_method ?? null}
      activation={{ logic: twoFactorActivationLogic, options: flowOptions({}) }}
      deactivation={{ logic: twoFactorDeactivationLogic, options: flowOptions({}) }}
    />
  );
}
