// Every timing of the spec the code uses, once (DESIGN §3). Machines name them as delays; views, query
// options and the reference server import the same constants.

/** Login: the two-factor code step resets after 120 s (spec §4 "Login", §8 TwoFaError). */
export const loginCodeReset = 120_000;
/** Registration: resend the email code only after 120000 ms (spec §4 "Registration", §9). */
export const resendWait = 120_000;
/** Two-factor activation: the email-code button waits 60 s after sending (spec §4, §9). */
export const twoFaResendWait = 60_000;
/** A new password-reset mail only after 60 s (the same wait as the two-factor email code). */
export const resetMailWait = 60_000;
/** A mailed code or link is valid for 10 minutes (DESIGN §6). */
export const emailCodeLifetime = 10 * 60_000;
/** Single sign-on: the hidden-frame session check runs first after 1 s ... (spec §4 "Other", calls §4). */
export const ssoFirstCheck = 1_000;
/** ... then every 30 minutes. */
export const ssoCheckInterval = 30 * 60_000;
/** App state (version, maintenance) is asked every 30 s (calls §4 "Polling"). */
export const appStatePoll = 30_000;
/** The current user is polled every 15 s (calls §4 "Polling"). */
export const mePoll = 15_000;
/** Member settings (suspension, invoices) every 60 s while signed in (calls §4 "Polling"). */
export const userSettingsPoll = 60_000;
/** The active subscription every 30 s while signed in, and in the course view (calls §4 "Polling"). */
export const subscriptionPoll = 30_000;
/** The invoice is polled every 5 s on the payment dialog (calls §4 "Polling"). */
export const invoicePoll = 5_000;
/** A crypto transaction's exchange rate holds for 15 minutes (spec §9 "Exchange rate lock"). */
export const exchangeRateLock = 15 * 60_000;
/** An invoice is due within 3 days of its creation (spec §9 "Invoice due"). */
export const invoiceDue = 3 * 24 * 60 * 60_000;
/**
 * A fiat transfer takes up to 3 banking days (spec §6 deposit step 4); an unpaid invoice waiting on one is
 * kept from expiring for 5 calendar days after it was started, so a weekend does not cut it short.
 */
export const fiatPaymentWait = 5 * 24 * 60 * 60_000;
/** The deposit's crypto address countdown: 900000 ms (spec §9). */
export const depositCountdown = 900_000;
/** One minute of viewing is reported every 60000 ms while a lesson plays (spec §9). */
export const viewingReport = 60_000;
/** A lesson's video player that has not loaded after 20 s (blocked, offline) counts as unavailable. */
export const videoLoadTimeout = 20_000;
/** A route chunk that has not loaded after 120 s counts as a failed load after a deploy (spec §8). */
export const chunkLoadTimeout = 120_000;
/** A cart quantity is sent once typing pauses this long, so every keystroke of "25" arrives (issue 26 item 7). */
export const quantityPause = 800;
/** Toasts close after 8000 ms (spec §9). */
export const toastTimeout = 8_000;
/** Copy hints say "Copied" for 3 s next to an icon, 1.5 s next to a link (spec §4 "Other"). */
export const copyHintDuration = { icon: 3_000, link: 1_500 } as const;
/** Failed sign-ins count within a window of 15 minutes (the server's sign-in limit). */
export const signInWindow = 15 * 60_000;
/** Registrations and anonymous mails per address count within an hour (the server's registration limits). */
export const registrationWindow = 60 * 60_000;
/** The server runs its jobs (referral payouts, investment accruals: server/jobs.ts) every minute. */
export const jobInterval = 60_000;
/** Copy-trading statistics and rankings are recomputed every 15 minutes by a job (calls §9). */
export const copyStatsRefresh = 15 * 60_000;
/** A pending link request and a connection are asked again every 15 s while shown (the trader may decide, the job may stop it). */
export const linkRequestPoll = 15_000;
export const connectionPoll = 15_000;
/**
 * Third-party tags (the tenant's gtm_tag) wait for an idle moment after the first page; a browser that is
 * never idle loads them after this long at the latest.
 */
export const thirdPartyIdleTimeout = 5_000;
