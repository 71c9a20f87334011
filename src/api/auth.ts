// Sign-in, registration and session calls.
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import { api } from './client';
import { queryKeys } from './query-keys';

export const loginMutation = graphql(`
  mutation Login($data: LoginInput!) {
    login(data: $data) {
      access_token
      expires_in
      recovery_codes_left
    }
  }
`);

export const logoutMutation = graphql(`
  mutation Logout {
    logout {
      status
      message
    }
  }
`);

export const registerMutation = graphql(`
  mutation Register(
    $name: String!
    $email: String!
    $password: String!
    $lang: String!
    $whitelabel_uuid: ID!
    $source: String!
    $sponsor: String
    $telegram: String
    $anonymous_id: String
  ) {
    createUser(
      name: $name
      email: $email
      password: $password
      lang: $lang
      whitelabel_uuid: $whitelabel_uuid
      source: $source
      sponsor: $sponsor
      telegram: $telegram
      anonymous_id: $anonymous_id
    ) {
      id
      name
      obfuscated_email
    }
  }
`);

export const sendVerificationCodeMutation = graphql(`
  mutation SendVerificationCode($whitelabel_uuid: ID!, $email: String!) {
    sendVerificationCode(whitelabel_uuid: $whitelabel_uuid, email: $email) {
      status
      message
    }
  }
`);

export const verifyEmailMutation = graphql(`
  mutation VerifyEmail($whitelabel_uuid: ID, $email: String!, $code: String, $token: String) {
    verifyEmail(whitelabel_uuid: $whitelabel_uuid, email: $email, code: $code, token: $token) {
      access_token
      expires_in
    }
  }
`);

export const forgotPasswordMutation = graphql(`
  mutation ForgotPassword($whitelabel_uuid: ID!, $email: String!) {
    forgotPassword(whitelabel_uuid: $whitelabel_uuid, email: $email) {
      status
    }
  }
`);

export const resetPasswordMutation = graphql(`
  mutation ResetPassword($whitelabel_uuid: ID!, $email: String!, $token: String!, $password: String!) {
    resetPassword(whitelabel_uuid: $whitelabel_uuid, email: $email, token: $token, password: $password) {
      status
    }
  }
`);

export const oauthLoginMutation = graphql(`
  mutation OAuthLogin($whitelabel_uuid: ID!, $code: String!, $redirect_uri: String!) {
    oauthLogin(whitelabel_uuid: $whitelabel_uuid, code: $code, redirect_uri: $redirect_uri) {
      access_token
      expires_in
    }
  }
`);

export const invitationQuery = graphql(`
  query Invitation($whitelabel_uuid: ID!, $sponsor: String!) {
    invitation(whitelabel_uuid: $whitelabel_uuid, sponsor: $sponsor) {
      name
      avatar
    }
  }
`);

export const invitationQueryOptions = (whitelabelUuid: string, sponsor: string) =>
  queryOptions({
    queryKey: queryKeys.auth.invitation(whitelabelUuid, sponsor),
    queryFn: () => api.request(invitationQuery, { whitelabel_uuid: whitelabelUuid, sponsor }),
    staleTime: 5 * 60_000,
  });
