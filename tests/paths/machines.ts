// The machines `npm run test:paths` walks in the real browser, one driver each: adding a machine is a driver
// file beside this one and a line here. scripts/test.mjs runs those that move money.
import type { MachineDriver } from './driver';
import { depositDriver } from './deposit.driver';
import { invoicePaymentDriver } from './invoice-payment.driver';
import { promoDriver } from './promo.driver';
import { appStateDriver } from './app-state.driver';
import { memberStatusDriver } from './member-status.driver';
import { oldBrowserDriver } from './old-browser.driver';
import { tenantConfigDriver } from './tenant-config.driver';
import { logoutDriver } from './logout.driver';
import { autologinDriver } from './autologin.driver';
import { oauthLoginDriver } from './oauth-login.driver';
import { ssoSessionDriver } from './sso-session.driver';

export const pathDrivers: MachineDriver[] = [invoicePaymentDriver, depositDriver, promoDriver, appStateDriver, memberStatusDriver, oldBrowserDriver, tenantConfigDriver, logoutDriver, autologinDriver, oauthLoginDriver, ssoSessionDriver];
