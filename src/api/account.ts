// The member's account settings: two-factor, login history, profile, language, staking wallet, sponsor.
import { infiniteQueryOptions, queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { graphql } from './generated';
import type { MeQuery } from './generated/graphql';
import { api } from './client';
import { queryKeys } from './query-keys';
import { mePoll } from '../../domain/timing';

export const generateEmailCodeMutation = graphql(`
  mutation GenerateEmailVerificationCode($method: String!) {
    generateEmailVerificationCode(method: $method) {
      status
    }
  }
`);

export const generateTwoFaSecretMutation = graphql(`
  mutation GenerateTwoFaSecret($method: String!) {
    generateTwoFaSecret(method: $method) {
      secret
      name
      email
      method
    }
  }
`);

export const activateTwoFaMutation = graphql(`
  mutation ActivateTwoFa($method: String!, $email_verification_code: String!, $twofa_verification_code: String!) {
    activateTwoFa(
      method: $method
      email_verification_code: $email_verification_code
      twofa_verification_code: $twofa_verification_code
    ) {
      status
      recovery_codes
    }
  }
`);

export const regenerateRecoveryCodesMutation = graphql(`
  mutation RegenerateRecoveryCodes($twofa_verification_code: String!) {
    regenerateRecoveryCodes(twofa_verification_code: $twofa_verification_code) {
      recovery_codes
    }
  }
`);

export const deactivateTwoFaMutation = graphql(`
  mutation DeactivateTwoFa($method: String!, $email_verification_code: String!, $twofa_verification_code: String, $recovery_code: String) {
    deactivateTwoFa(
      method: $method
      email_verification_code: $email_verification_code
      twofa_verification_code: $twofa_verification_code
      recovery_code: $recovery_code
    ) {
      status
    }
  }
`);

export const loginHistoryQuery = graphql(`
  query LoginHistory($page: Int, $count: Int!) {
    loginHistory(page: $page, count: $count) {
      data {
        browser_name
        platform_name
        device_model
        ip
        success
        created_at
        city
        country_name
      }
      paginatorInfo {
        current_page
        last_page
        total
      }
    }
  }
`);

/** Login history page size (spec §9). */
export const loginHistoryPageSize = 3;

export const loginHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.account.loginHistory(),
    queryFn: ({ pageParam }) => api.request(loginHistoryQuery, { page: pageParam, count: loginHistoryPageSize }),
    initialPageParam: 1,
    getNextPageParam: (last) => {
      const { current_page, last_page } = last.loginHistory.paginatorInfo;
      return current_page < last_page ? current_page + 1 : undefined;
    },
  });

export const updateUserMutation = graphql(`
  mutation WhiteLabelUpdateUser($input: UpdateUserInput!) {
    whiteLabelUpdateUser(input: $input) {
      id
      name
    }
  }
`);

export const switchLanguageMutation = graphql(`
  mutation SwitchLanguage($language: String!) {
    switchLanguage(language: $language) {
      status
    }
  }
`);

export const stakingWalletQuery = graphql(`
  query ModuleStakingWallet($whitelabel_uuid: ID!, $user_uuid: ID!) {
    moduleStakingWallet(whitelabel_uuid: $whitelabel_uuid, user_uuid: $user_uuid) {
      id
      wallet_address
      symbol
    }
  }
`);

export const stakingWalletQueryOptions = (whitelabelUuid: string, userUuid: string) =>
  queryOptions({
    queryKey: queryKeys.account.stakingWallet(whitelabelUuid, userUuid),
    queryFn: () => api.request(stakingWalletQuery, { whitelabel_uuid: whitelabelUuid, user_uuid: userUuid }),
    // Always from the network (calls §7).
    staleTime: 0,
  });

export const updateStakingWalletMutation = graphql(`
  mutation ModuleStakingUpdateWallet($input: StakingWalletInput!) {
    moduleStakingUpdateWallet(input: $input) {
      status
    }
  }
`);

export const sponsorQuery = graphql(`
  query AffSponsor {
    affSponsor {
      name
      avatar
      email
      telegram
      phone
    }
  }
`);

export const sponsorQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.account.sponsor(), queryFn: () => api.request(sponsorQuery) });

/** The signed-in member: shown by the shell and the account pages. */
export const meQuery = graphql(`
  query Me {
    me {
      id
      uuid
      name
      avatar
      obfuscated_email
      refid
      reference_id
      auto_register
      is_bot_manager
      twofa
      twofa_method
      recovery_codes_left
      language
      phone
      telegram
      support_verification_code
      sponsor {
        name
        avatar
        email
        telegram
        phone
      }
      wallet_balance {
        currency
        symbol
        type
        available
        locked
        usdt_value
      }
      purchase {
        uuid
        product_id
        name
        description
        active_till
        active_from
        billing_cycle
        price
        currency
        has_upgrades
      }
      purchases {
        name
      }
      subscription {
        can_activate
      }
      services {
        id
        name
        status
      }
    }
  }
`);

// Polled every 15 s while the tab is visible (TanStack pauses interval refetches in a hidden tab) and once
// when it becomes visible again; an answer that did not change keeps its references, so nothing re-renders.
export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.account.me(),
    queryFn: () => api.request(meQuery),
    refetchInterval: mePoll,
    refetchOnWindowFocus: true,
  });

export type Me = NonNullable<MeQuery['me']>;

/** The signed-in member, below the member layout (whose beforeLoad has loaded it); live with the poll. */
export function useMember(): Me {
  const { me } = useSuspenseQuery(meQueryOptions()).data;
  if (!me) throw new Error('No member is signed in');
  return me;
}
