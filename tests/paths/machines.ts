// The machines `npm run test:paths` walks in the real browser, one driver each: adding a machine is a driver
// file beside this one and a line here. `moneyMachines` are the ones CI runs (scripts/test.mjs).
import type { MachineDriver } from './driver';
import { invoicePaymentDriver } from './invoice-payment.driver';

export const pathDrivers: MachineDriver[] = [invoicePaymentDriver];

/** The machines that move money: npm test walks every path of these. */
export const moneyMachines = ['invoice-payment', 'deposit', 'cart', 'promo'];
