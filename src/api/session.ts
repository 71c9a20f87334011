// Sign-in and sign-out calls.
import { graphql } from './generated';

export const loginMutation = graphql(`
  mutation Login($data: LoginInput!) {
    login(data: $data) {
      access_token
      expires_in
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
