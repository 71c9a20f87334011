// One actor context per flow of the auth area; routes give each its provided logic and input.
import { createActorContext } from '@xstate/react';
import { loginMachine } from '../../../machines/login/login.machine';
import { registrationMachine } from '../../../machines/registration/registration.machine';
import { verifyEmailMachine } from '../../../machines/verify-email/verify-email.machine';
import { resetRequestMachine } from '../../../machines/password-reset/reset-request.machine';
import { newPasswordMachine } from '../../../machines/password-reset/new-password.machine';
import { oauthLoginMachine } from '../../../machines/oauth-login/oauth-login.machine';

export const LoginContext = createActorContext(loginMachine);
export const RegistrationContext = createActorContext(registrationMachine);
export const VerifyEmailContext = createActorContext(verifyEmailMachine);
export const ResetRequestContext = createActorContext(resetRequestMachine);
export const NewPasswordContext = createActorContext(newPasswordMachine);
export const OAuthLoginContext = createActorContext(oauthLoginMachine);
