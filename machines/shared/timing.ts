// Spec timings, each a named delay of the machines that use it (so tests and diagrams can see it).

/** Login: the two-factor code step resets after 120 s (spec §4 "Login", §8 TwoFaError). */
export const loginCodeReset = 120_000;
/** Registration: resend the email code only after 120000 ms (spec §4 "Registration", §9). */
export const resendWait = 120_000;
/** Two-factor activation: the email-code button waits 60 s after sending (spec §4, §9). */
export const twoFaResendWait = 60_000;
/** Single sign-on: the hidden-frame session check runs first after 1 s ... (spec §4 "Other", calls §4). */
export const ssoFirstCheck = 1_000;
/** ... then every 30 minutes. */
export const ssoCheckInterval = 30 * 60_000;
/** App state (version, maintenance) is asked every 30 s (calls §4 "Polling"). */
export const appStatePoll = 30_000;
/** A route chunk that has not loaded after 120 s counts as a failed load after a deploy (spec §8). */
export const chunkLoadTimeout = 120_000;
