// The machines `npm run test:paths` walks in the real browser, one driver each: adding a machine is a driver
// file beside this one and a line here. scripts/test.mjs runs those that move money.
import type { MachineDriver } from './driver';
import { cartDriver } from './cart.driver';
import { courseAccessDriver } from './course-access.driver';
import { depositDriver } from './deposit.driver';
import { invoicePaymentDriver } from './invoice-payment.driver';
import { lessonDriver } from './lesson.driver';
import { loginDriver } from './login.driver';
import { newPasswordDriver } from './new-password.driver';
import { promoDriver } from './promo.driver';
import { registrationDriver } from './registration.driver';
import { resetRequestDriver } from './reset-request.driver';
import { subscriptionDriver } from './subscription.driver';
import { tariffCheckoutDriver } from './tariff-checkout.driver';
import { upgradeDriver } from './upgrade.driver';
import { verifyEmailDriver } from './verify-email.driver';
import { withdrawalCancelDriver } from './withdrawal-cancel.driver';
import { withdrawalDriver } from './withdrawal.driver';

export const pathDrivers: MachineDriver[] = [
  cartDriver,
  courseAccessDriver,
  depositDriver,
  invoicePaymentDriver,
  lessonDriver,
  loginDriver,
  newPasswordDriver,
  promoDriver,
  registrationDriver,
  resetRequestDriver,
  subscriptionDriver,
  tariffCheckoutDriver,
  upgradeDriver,
  verifyEmailDriver,
  withdrawalCancelDriver,
  withdrawalDriver,
];
