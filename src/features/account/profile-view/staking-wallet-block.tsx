// The staking wallet (spec §2 "Staking wallet form", §5): the saved address, and a new one the flow checks
// and saves.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { stakingWalletQueryOptions, type Me } from '../../../api/account';
import {
  selectBusy as selectWalletBusy,
  selectCanSave,
  selectError as selectWalletError,
} from '../../../../machines/account/staking-wallet.selectors';
import { appErrorText } from '../../../lib/app-error-text';
import { useTenant } from '../../../lib/tenant-context';
import { StakingWalletContext } from '../account.contexts';

export function StakingWalletBlock({ me }: { me: Me }) {
  const { t } = useLingui();
  const tenant = useTenant();
  const actor = StakingWalletContext.useActorRef();
  const busy = StakingWalletContext.useSelector(selectWalletBusy);
  const error = StakingWalletContext.useSelector(selectWalletError);
  const wallet = useQuery(stakingWalletQueryOptions(tenant.uuid, me.uuid));
  const [address, setAddress] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    const saved = wallet.data?.moduleStakingWallet?.wallet_address;
    if (saved) setAddress(saved);
  }, [wallet.data]);
  const typedSomething = address.trim() !== '';
  // The flow decides whether the address can be saved; the view only shows it.
  const valid = StakingWalletContext.useSelector(selectCanSave(address));
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="staking-title">
      <Title order={2} size="h4" id="staking-title" mb="md">
        <Trans>Staking wallet</Trans>
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (valid) actor.send({ type: 'wallet.submit', address });
        }}
      >
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {appErrorText(error)}
            </Alert>
          )}
          <TextInput
            label={t`Wallet address`}
            placeholder="0x…"
            value={address}
            onChange={(event) => setAddress(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            // Optional: passing through it empty says nothing; an address that is not one says so.
            error={touched && typedSomething && !valid ? t`This address is not valid.` : undefined}
            disabled={wallet.isPending}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!valid}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
