// Every machine's model; the model tests, the view walks and `npm run test:model` read this list.
import type { Model } from '../support/model';
import { tenantConfigModel } from './tenant-config.model';
import { loginModel } from './login.model';
import { logoutModel } from './logout.model';
import { registrationModel } from './registration.model';
import { verifyEmailModel } from './verify-email.model';
import { resetRequestModel } from './reset-request.model';
import { newPasswordModel } from './new-password.model';
import { autologinModel } from './autologin.model';
import { oauthLoginModel } from './oauth-login.model';
import { ssoSessionModel } from './sso-session.model';
import { appStateModel } from './app-state.model';
import { memberStatusModel } from './member-status.model';
import { oldBrowserModel } from './old-browser.model';
import { activationModel } from './two-factor-activation.model';
import { deactivationModel } from './two-factor-deactivation.model';
import { profileModel } from './profile.model';
import { avatarModel } from './avatar.model';
import { stakingWalletModel } from './staking-wallet.model';
import { cartModel } from './cart.model';
import { recoveryCodesModel } from './recovery-codes.model';
import { promoModel } from './promo.model';
import { lessonModel } from './lesson.model';
import { courseAccessModel } from './course-access.model';
import { tariffCheckoutModel } from './tariff-checkout.model';
import { merchantBuyModel } from './merchant-buy.model';
import { investModel } from './invest.model';
import { buyTicketsModel } from './buy-tickets.model';
import { verifyDrawModel } from './verify-draw.model';
import { dealRequestModel } from './deal-request.model';
import { licenseRequestModel } from './license-request.model';
import { exchangeAccountModel } from './exchange-account.model';
import { accountDisconnectModel } from './account-disconnect.model';
import { linkRequestModel } from './link-request.model';
import { connectionModel } from './connection.model';
import { requestDecisionModel } from './request-decision.model';
import { upgradeModel } from './upgrade.model';
import { subscriptionModel } from './subscription.model';
import { withdrawalModel } from './withdrawal.model';
import { withdrawalCancelModel } from './withdrawal-cancel.model';
import { invoicePaymentModel } from './invoice-payment.model';
import { depositModel } from './deposit.model';
import { investPlansModel } from './invest-plans.model';
import { investActivateModel } from './invest-activate.model';
import { investStopModel } from './invest-stop.model';
import { roiCalculatorModel } from './roi-calculator.model';

export const models: Model<any>[] = [
  tenantConfigModel,
  loginModel,
  logoutModel,
  registrationModel,
  verifyEmailModel,
  resetRequestModel,
  newPasswordModel,
  autologinModel,
  oauthLoginModel,
  ssoSessionModel,
  appStateModel,
  memberStatusModel,
  oldBrowserModel,
  activationModel,
  deactivationModel,
  profileModel,
  avatarModel,
  stakingWalletModel,
  recoveryCodesModel,
  cartModel,
  promoModel,
  lessonModel,
  courseAccessModel,
  tariffCheckoutModel,
  upgradeModel,
  subscriptionModel,
  withdrawalModel,
  withdrawalCancelModel,
  invoicePaymentModel,
  depositModel,
  merchantBuyModel,
  investPlansModel,
  investActivateModel,
  investStopModel,
  roiCalculatorModel,
  investModel,
  buyTicketsModel,
  verifyDrawModel,
  dealRequestModel,
  licenseRequestModel,
  exchangeAccountModel,
  accountDisconnectModel,
  linkRequestModel,
  connectionModel,
  requestDecisionModel,
];
