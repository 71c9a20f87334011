// The license data the models, machine tests and view tests share: a member with a trading robot that needs the
// broker's server (2 of 3 licenses left), an indicator that does not (1 left) and an old product with none left,
// with one accepted and one declined request; a member with no products; one whose licenses are all used.
import type { LicenseOverview, LicenseRequestRow } from '../../machines/licenses/license-request.types';

export const acceptedRequest: LicenseRequestRow = {
  id: '11',
  productId: 'robot',
  productName: 'Forex Robot',
  brokerAccount: 'MT-1001',
  brokerServer: 'Broker-Live02',
  comment: 'My main account',
  status: 'accepted',
  licenseKey: 'FXR-7Q2M-K9B4-D1ZX',
  declineReason: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  decidedAt: '2026-11-21T10:00:00.000Z',
};

export const declinedRequest: LicenseRequestRow = {
  id: '12',
  productId: 'old',
  productName: 'Old Indicator',
  brokerAccount: 'ACC-77',
  brokerServer: null,
  comment: null,
  status: 'declined',
  licenseKey: null,
  declineReason: 'The account is not with a partner broker.',
  createdAt: '2026-11-22T09:00:00.000Z',
  decidedAt: '2026-11-23T10:00:00.000Z',
};

export const memberOverview: LicenseOverview = {
  requests: [declinedRequest, acceptedRequest],
  products: [
    { id: 'robot', name: 'Forex Robot', licensesTotal: 3, licensesLeft: 2, needsServer: true },
    { id: 'scanner', name: 'Market Scanner', licensesTotal: 1, licensesLeft: 1, needsServer: false },
    { id: 'old', name: 'Old Indicator', licensesTotal: 1, licensesLeft: 0, needsServer: false },
  ],
  canRequest: true,
  reason: null,
};

export const noProductsOverview: LicenseOverview = { requests: [], products: [], canRequest: false, reason: 'NoProductsBought' };

export const usedUpOverview: LicenseOverview = {
  requests: [acceptedRequest],
  products: [{ id: 'robot', name: 'Forex Robot', licensesTotal: 1, licensesLeft: 0, needsServer: true }],
  canRequest: false,
  reason: 'NoLicensesLeft',
};

/** What the server answers for a request for the scanner. */
export const pendingRequest: LicenseRequestRow = {
  id: '13',
  productId: 'scanner',
  productName: 'Market Scanner',
  brokerAccount: 'ACC-2002',
  brokerServer: null,
  comment: null,
  status: 'pending',
  licenseKey: null,
  declineReason: null,
  createdAt: '2026-11-27T09:00:00.000Z',
  decidedAt: null,
};
