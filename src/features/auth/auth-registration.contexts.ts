// The registration flow's actor context (see auth.contexts.ts).
import { createActorContext } from '@xstate/react';
import { registrationMachine } from '../../../machines/auth/registration.machine';

export const RegistrationContext = createActorContext(registrationMachine);
