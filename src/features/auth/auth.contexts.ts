// One actor context per flow of the auth area; the providers of src/app/flows give each its provided logic and
// input. Each group of flows has its own file, as src/app/flows does, so /login's first load carries only the
// login machine.
import { createActorContext } from '@xstate/react';
import { loginMachine } from '../../../machines/auth/login.machine';

export const LoginContext = createActorContext(loginMachine);
