/** What the authorisation server answered the hidden frame: its session lives, or it ended. */
export type SsoCheckResult = 'active' | 'login_required';
