// One actor context per flow of the auth area; routes give each its provided logic and input.
import { createActorContext } from '@xstate/react';
import { loginMachine } from '../../../machines/auth/login.machine';
import { registrationMachine } from '../../../machines/auth/registration.machine';
import { verifyEmailMachine } from '../../../machines/auth/verify-email.machine';
import { resetRequestMachine } from '../../../machines/auth/reset-request.machine';
import { newPasswordMachine } from '../../../machines/auth/new-password.machine';
import { oauthLoginMachine } from '../../../machines/auth/oauth-login.machine';

export const LoginContext = createActorContext(loginMachine);
export const RegistrationContext = createActorContext(registrationMachine);
export const VerifyEmailContext = createActorContext(verifyEmailMachine);
export const ResetRequestContext = createActorContext(resetRequestMachine);
export const NewPasswordContext = createActorContext(newPasswordMachine);
export const OAuthLoginContext = createActorContext(oauthLoginMachine);
