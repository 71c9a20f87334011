// The license data the models, machine tests and view tests share, shaped as the Demo Portal's: a member with
// Portfolio Tracker Pro (3 licenses, no server; 2 left), Copy-Trading Access (1 license, a trading-platform license
// that names the broker's server; 1 left) and an old product with none left, with one accepted and one declined
// request; a member with no products; one whose licenses are all used.
import type { LicenseOverview, LicenseRequestRow } from '../../machines/licenses/license-request.types';

export const acceptedRequest: LicenseRequestRow = {
  id: '11',
  productId: 'tracker',
  productName: 'Portfolio Tracker Pro',
  brokerAccount: 'U-4815162342',
  brokerServer: null,
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
    { id: 'tracker', name: 'Portfolio Tracker Pro', licensesTotal: 3, licensesLeft: 2, needsServer: false },
    { id: 'copy', name: 'Copy-Trading Access', licensesTotal: 1, licensesLeft: 1, needsServer: true },
    { id: 'old', name: 'Old Indicator', licensesTotal: 1, licensesLeft: 0, needsServer: false },
  ],
  canRequest: true,
  reason: null,
};

export const noProductsOverview: LicenseOverview = { requests: [], products: [], canRequest: false, reason: 'NoProductsBought' };

export const usedUpOverview: LicenseOverview = {
  requests: [acceptedRequest],
  products: [{ id: 'tracker', name: 'Portfolio Tracker Pro', licensesTotal: 1, licensesLeft: 0, needsServer: false }],
  canRequest: false,
  reason: 'NoLicensesLeft',
};

/** What the server answers for a request for Portfolio Tracker Pro. */
export const pendingRequest: LicenseRequestRow = {
  id: '13',
  productId: 'tracker',
  productName: 'Portfolio Tracker Pro',
  brokerAccount: 'ACC-2002',
  brokerServer: null,
  comment: null,
  status: 'pending',
  licenseKey: null,
  declineReason: null,
  createdAt: '2026-11-27T09:00:00.000Z',
  decidedAt: null,
};
