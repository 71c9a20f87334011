// The member's account settings: two-factor, login history, profile, language, staking wallet, sponsor.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import { api } from './client';

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
    activateTwoFa(method: $method, email_verification_code: $email_verification_code, twofa_verification_code: $twofa_verification_code) {
      status
    }
  }
`);

export const deactivateTwoFaMutation = graphql(`
  mutation DeactivateTwoFa($method: String!, $email_verification_code: String!, $twofa_verification_code: String!) {
    deactivateTwoFa(method: $method, email_verification_code: $email_verification_code, twofa_verification_code: $twofa_verification_code) {
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
    queryKey: ['loginHistory'],
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
    queryKey: ['stakingWallet', whitelabelUuid, userUuid],
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

export const sponsorQueryOptions = () => queryOptions({ queryKey: ['affSponsor'], queryFn: () => api.request(sponsorQuery) });
