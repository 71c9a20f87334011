// The machines `npm run test:paths` walks in the real browser, one driver each: adding a machine is a driver
// file beside this one and a line here. scripts/test.mjs runs those that move money.
import type { MachineDriver } from './driver';
import { appStateDriver } from './app-state.driver';
import { autologinDriver } from './autologin.driver';
import { avatarDriver } from './avatar.driver';
import { cartDriver } from './cart.driver';
import { courseAccessDriver } from './course-access.driver';
import { depositDriver } from './deposit.driver';
import { investActivateDriver } from './invest-activate.driver';
import { investPlansDriver } from './invest-plans.driver';
import { investStopDriver } from './invest-stop.driver';
import { invoicePaymentDriver } from './invoice-payment.driver';
import { lessonDriver } from './lesson.driver';
import { loginDriver } from './login.driver';
import { logoutDriver } from './logout.driver';
import { memberStatusDriver } from './member-status.driver';
import { newPasswordDriver } from './new-password.driver';
import { oauthLoginDriver } from './oauth-login.driver';
import { oldBrowserDriver } from './old-browser.driver';
import { profileDriver } from './profile.driver';
import { promoDriver } from './promo.driver';
import { recoveryCodesDriver } from './recovery-codes.driver';
import { registrationDriver } from './registration.driver';
import { resetRequestDriver } from './reset-request.driver';
import { roiCalculatorDriver } from './roi-calculator.driver';
import { ssoSessionDriver } from './sso-session.driver';
import { stakingWalletDriver } from './staking-wallet.driver';
import { subscriptionDriver } from './subscription.driver';
import { tariffCheckoutDriver } from './tariff-checkout.driver';
import { merchantBuyDriver } from './merchant-buy.driver';
import { investDriver } from './invest.driver';
import { buyTicketsDriver } from './buy-tickets.driver';
import { dealRequestDriver } from './deal-request.driver';
import { licenseRequestDriver } from './license-request.driver';
import { exchangeAccountDriver } from './exchange-account.driver';
import { accountDisconnectDriver } from './account-disconnect.driver';
import { linkRequestDriver } from './link-request.driver';
import { connectionDriver } from './connection.driver';
import { requestDecisionDriver } from './request-decision.driver';
import { tenantConfigDriver } from './tenant-config.driver';
import { twoFactorActivationDriver } from './two-factor-activation.driver';
import { twoFactorDeactivationDriver } from './two-factor-deactivation.driver';
import { upgradeDriver } from './upgrade.driver';
import { verifyEmailDriver } from './verify-email.driver';
import { withdrawalCancelDriver } from './withdrawal-cancel.driver';
import { withdrawalDriver } from './withdrawal.driver';

export const pathDrivers: MachineDriver[] = [
  appStateDriver,
  autologinDriver,
  avatarDriver,
  cartDriver,
  courseAccessDriver,
  depositDriver,
  investActivateDriver,
  investPlansDriver,
  investStopDriver,
  invoicePaymentDriver,
  lessonDriver,
  loginDriver,
  logoutDriver,
  memberStatusDriver,
  newPasswordDriver,
  oauthLoginDriver,
  oldBrowserDriver,
  profileDriver,
  promoDriver,
  recoveryCodesDriver,
  registrationDriver,
  resetRequestDriver,
  roiCalculatorDriver,
  ssoSessionDriver,
  stakingWalletDriver,
  subscriptionDriver,
  tariffCheckoutDriver,
  merchantBuyDriver,
  investDriver,
  buyTicketsDriver,
  dealRequestDriver,
  licenseRequestDriver,
  exchangeAccountDriver,
  accountDisconnectDriver,
  linkRequestDriver,
  connectionDriver,
  requestDecisionDriver,
  tenantConfigDriver,
  twoFactorActivationDriver,
  twoFactorDeactivationDriver,
  upgradeDriver,
  verifyEmailDriver,
  withdrawalCancelDriver,
  withdrawalDriver,
];
