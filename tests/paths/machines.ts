// The machines `npm run test:paths` walks in the real browser, one driver each: adding a machine is a driver
// file beside this one and a line here. scripts/test.mjs runs those that move money.
import type { MachineDriver } from './driver';
import { avatarDriver } from './avatar.driver';
import { depositDriver } from './deposit.driver';
import { invoicePaymentDriver } from './invoice-payment.driver';
import { profileDriver } from './profile.driver';
import { promoDriver } from './promo.driver';
import { stakingWalletDriver } from './staking-wallet.driver';
import { recoveryCodesDriver } from './recovery-codes.driver';
import { twoFactorActivationDriver } from './two-factor-activation.driver';
import { twoFactorDeactivationDriver } from './two-factor-deactivation.driver';

export const pathDrivers: MachineDriver[] = [
  invoicePaymentDriver,
  depositDriver,
  promoDriver,
  twoFactorActivationDriver,
  twoFactorDeactivationDriver,
  recoveryCodesDriver,
  profileDriver,
  avatarDriver,
  stakingWalletDriver,
];
