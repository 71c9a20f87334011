// What the licenses page reads of its request flow.
import type { SnapshotFrom } from 'xstate';
import type { licenseRequestMachine } from './license-request.machine';
import { choosableProducts, chosenProduct } from './license-request.schema';

type LicenseRequestSnapshot = SnapshotFrom<typeof licenseRequestMachine>;

const noRequests: never[] = [];

export const selectLoading = (s: LicenseRequestSnapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: LicenseRequestSnapshot) => s.matches('loadFailed');
export const selectRequests = (s: LicenseRequestSnapshot) => s.context.overview?.requests ?? noRequests;
/** Why no request can be made (only once the page knows it cannot). */
export const selectRefusal = (s: LicenseRequestSnapshot) =>
  s.matches({ ready: 'refused' }) ? (s.context.overview?.reason ?? 'NoLicensesLeft') : null;
/** The form shows while the member can request, and stays (as typed) while it is sent and the page loads again. */
export const selectFormShown = (s: LicenseRequestSnapshot) =>
  s.matches({ ready: 'editing' }) || s.matches({ ready: 'sending' }) || s.matches({ ready: 'refreshing' });
export const selectEditable = (s: LicenseRequestSnapshot) => s.matches({ ready: 'editing' });
export const selectSending = (s: LicenseRequestSnapshot) => s.matches({ ready: 'sending' }) || s.matches({ ready: 'refreshing' });
export const selectProducts = (s: LicenseRequestSnapshot) => choosableProducts(s.context.overview?.products ?? noRequests);
export const selectNeedsServer = (s: LicenseRequestSnapshot) =>
  chosenProduct(s.context.overview?.products ?? noRequests, s.context.values.productId)?.needsServer ?? false;
export const selectValues = (s: LicenseRequestSnapshot) => s.context.values;
export const selectFieldErrors = (s: LicenseRequestSnapshot) => s.context.fieldErrors;
export const selectCreated = (s: LicenseRequestSnapshot) => s.context.created;
