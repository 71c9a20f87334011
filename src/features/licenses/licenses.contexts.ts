// The licenses area's flow: requesting a license (one per /licenses page); the provider is in src/app/flows/licenses.ts.
import { createActorContext } from '@xstate/react';
import { licenseRequestMachine } from '../../../machines/licenses/license-request.machine';

export const LicenseRequestContext = createActorContext(licenseRequestMachine);
