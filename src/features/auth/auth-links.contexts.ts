// The emailed-link flows' actor contexts (see auth.contexts.ts).
import { createActorContext } from '@xstate/react';
import { verifyEmailMachine } from '../../../machines/auth/verify-email.machine';
import { resetRequestMachine } from '../../../machines/auth/reset-request.machine';
import { newPasswordMachine } from '../../../machines/auth/new-password.machine';

export const VerifyEmailContext = createActorContext(verifyEmailMachine);
export const ResetRequestContext = createActorContext(resetRequestMachine);
export const NewPasswordContext = createActorContext(newPasswordMachine);
