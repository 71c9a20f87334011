// Every limit of spec §5 and §9 the code uses, once. Validation pieces (validation.ts), views and the
// reference server import these instead of repeating the numbers.

/** Verification codes (two-factor, email, support code): 6 digits (spec §9 "Codes"). */
export const codeLength = 6;
/** Phone login: exactly 11 digits (spec §5 "Login"). */
export const phoneLoginLength = 11;
/** Password: 8 to 255 characters (spec §5, §9). */
export const passwordLength = { min: 8, max: 255 } as const;
/** Registration names 2-255; the profile name 2-50 (spec §9 "Names"). */
export const nameLength = { min: 2, max: 255 } as const;
export const profileNameLength = { min: 2, max: 50 } as const;
/** Telegram 3-255 at registration, at most 50 in the profile; email at most 255 (spec §9). */
export const telegramLength = { min: 3, max: 255 } as const;
export const profileTelegramMax = 50;
export const emailMax = 255;
/** A mailed code allows 5 attempts (DESIGN §6). */
export const maxCodeAttempts = 5;
/** Sign-in limits: 5 failures per account, 20 per address within the sign-in window (timing.ts). */
export const maxSignInFailuresPerAccount = 5;
export const maxSignInFailuresPerAddress = 20;
/** Registrations and anonymous mails (codes, reset links) per address within the registration window (timing.ts). */
export const maxRegistrationsPerAddress = 20;
export const maxMailsPerAddress = 20;
/** Two-factor recovery codes: 10 at a time, each used once, shown as xxxxx-xxxxx. */
export const recoveryCodeCount = 10;
/** Login history: 3 entries a page in the profile (spec §9). */
export const loginHistoryPage = 3;
/** Avatar: cropped to 150×150, cropper 500 px wide, zoom step 0.2, rotation 90° (spec §2, §9). */
export const avatar = { size: 150, cropperWidth: 500, zoomStep: 0.2, rotationStep: 90 } as const;
/** Deposit: amount 10 to 50000, at most 5 characters typed (spec §5, §9). */
export const depositAmount = { min: '10', max: '50000', maxLength: 5 } as const;
/** Lessons: complete past 95 %; the end of a YouTube video counts as 99 % (spec §9). */
export const lectureCompletionPercent = 95;
export const youtubeEndPercent = 99;
/** The top team list holds 100 members (spec §9). */
export const topTeamSize = 100;
/** Cart lines: a quantity is a whole number from 1 to 99 (0 in the update call removes the line). */
export const cartQty = { min: 1, max: 99 } as const;
/** A guest's anonymous cart id (storage key anonymousId): 16-128 characters of [A-Za-z0-9_-], e.g. a random UUID. */
export const anonymousIdLength = { min: 16, max: 128 } as const;
/** Product search text: at most 100 characters. */
export const productSearchMax = 100;

/** The sort orders moduleProducts takes besides its default. */
export const productSorts = ['asc', 'desc', 'name', 'price_asc', 'price_desc', 'newest'] as const;
/** A promo code as typed: at most 64 characters (trimmed). */
export const promoCodeMax = 64;
/** Idempotency keys of money calls: 1-128 characters of [A-Za-z0-9_.:-]. */
export const idempotencyKeyMax = 128;
/** The invoices list: 10 a page by default, at most 50. */
export const invoicesPage = { default: 10, max: 50 } as const;
/** Recurring months per billing cycle (spec §9). */
export const billingCycleMonths = { onetime: 0, monthly: 1, quartally: 3, semiannually: 6, annually: 12 } as const;
/** The platform subscription's periods and their months (spec §1, calls §4 "Subscription periods"). */
export const subscriptionPeriodMonths = { monthly: 1, quarterly: 3, semiannual: 6, annual: 12 } as const;
/** Wallets left out of every list (spec §3, §9). */
export const excludedWalletCurrencies = ['BTC', 'AIV'] as const;
/** Drawer width and the mobile breakpoint (spec §9). */
export const drawerWidth = 240;
export const mobileBreakpoint = 1024;
/** Dialog widths: 500 by default, 480 for the old-browser dialog and payment steps, 600 on the details step. */
export const dialogWidth = { default: 500, oldBrowser: 480, payment: 480, paymentDetails: 600 } as const;
/** Withdrawals are paid out within 1-3 working days (spec §9 "Payment wait"). */
export const withdrawalWaitDays = { min: 1, max: 3 } as const;
/** The transactions list: 20 rows a page, at most 100. */
export const transactionsPage = { default: 20, max: 100 } as const;
/** The withdrawals list: 10 a page, at most 50. */
export const withdrawalsPage = { default: 10, max: 50 } as const;
/** Referral earnings (issue "Wallet", beyond the spec): held 14 days, paid out from 50 USDT released. */
export const affiliateEarnings = { holdingDays: 14, minimumPayout: '50.00', currency: 'USDT', listSize: 100 } as const;
/**
 * What a purchase in the team earns each sponsor up the sponsor chain, by level (issue "Wallet"; the spec's
 * aff_plan has no rates, so these are the portal's defaults): 10 % of the purchase (subtotal less discount,
 * without gateway fees) on level 1, 5 % on level 2, 2 % on level 3, 1 % on levels 4 and 5. Never deeper than
 * the plan's max_depth (and the sponsor's team level access); a level past this list earns nothing.
 */
export const affiliateLevelRates = ['0.10', '0.05', '0.02', '0.01', '0.01'] as const;
/** The invoice kinds that are purchases and earn the sponsors (not deposits, not the platform subscription). */
export const affiliateEarningKinds = ['order', 'tariff', 'upgrade'] as const;
/** One level of the team tree answers at most 100 members a page. */
export const teamLevelPage = 100;
/** The states of a referral earning: the purchase unpaid, held, released under the minimum, payable, paid. */
export const earningStates = ['pending', 'on_hold', 'below_minimum', 'payable', 'paid'] as const;
export type EarningState = (typeof earningStates)[number];
