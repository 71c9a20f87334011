import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { e2ePort } from '../../playwright.config';
import { apiLogIn, apiRegister, demo, fillRegistration, freshEmail, lastMail, logIn, twofa } from './support';

const totp = () => new TOTP({ secret: Secret.fromBase32(twofa.secret) });

test.describe('registration', () => {
  test('a new member registers with the code from the mailbox and lands logged in', async ({ page, request }) => {
    const email = freshEmail('new');
    await page.goto('/register');
    await fillRegistration(page, { name: 'Newly Registered', email });
    await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Send the code again in \d:\d\d$/ })).toBeDisabled();
    const mail = await lastMail(request, email);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    await page.getByRole('textbox', { name: 'Code from the email' }).fill(code);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('complementary').getByText('Newly Registered')).toBeVisible();
  });

  test('a password without an uppercase letter is refused before any code is sent', async ({ page, request }) => {
    const email = freshEmail('weak');
    await page.goto('/register');
    await fillRegistration(page, { name: 'Weak Password', email, password: 'secret123' });
    await expect(page.getByText('The password needs at least one uppercase letter')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    expect(await lastMail(request, email)).toBeUndefined();
  });

  test('the referral link shows who invited the visitor, and the link in the email verifies', async ({ page, request }) => {
    const email = freshEmail('invited');
    await page.goto('/register/demo');
    await expect(page.getByTestId('invitation-banner')).toContainText('Demo Member');
    await fillRegistration(page, { name: 'Invited Friend', email });
    await expect(page.getByRole('textbox', { name: 'Code from the email' })).toBeVisible();
    const link = /(\/verifyemail\/\S+)/.exec((await lastMail(request, email))!.text)![1]!;
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);
    // A link works once.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('Account activation failed: check the link.');
  });
});

test.describe('login with two-factor codes', () => {
  test('the two-factor member logs in with a code computed from the secret', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, twofa);
    const code = page.getByRole('textbox', { name: 'Two-factor code' });
    await expect(code).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(twofa.email);
    await code.fill(totp().generate());
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a wrong code keeps the code field and says so', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, twofa);
    const field = page.getByRole('textbox', { name: 'Two-factor code' });
    const now = Number(totp().generate());
    await field.fill(String((now + 500_000) % 1_000_000).padStart(6, '0'));
    await expect(page.getByText('Incorrect verification code. The code must be 6 characters.')).toBeVisible();
    await expect(field).toBeVisible();
    await expect(field).toHaveValue('');
  });

  test('the code step resets after 120 s, and not before', async ({ page }) => {
    await page.clock.install();
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(twofa.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(twofa.password);
    // The page's time stands still from here, so the seconds a slow machine takes to show the step do not count.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('button', { name: 'Log in' }).click();
    const field = page.getByRole('textbox', { name: 'Two-factor code' });
    await expect(field).toBeVisible();
    await page.clock.runFor(119_000);
    await expect(field).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(field).toBeHidden();
    await expect(page.getByText('The time for the code ran out. Log in again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });
});

test.describe('password reset', () => {
  test('a member sets a new password from the emailed link and logs in with it', async ({ page, request }) => {
    // A member of our own, so the demo password stays as it is.
    const { email } = await apiRegister(page, 'reset', { name: 'Forgetful Member' });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The login page has an Email field too: fill the reset page's once it is there.
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toContainText(email);
    const link = /(\/newpassword\/\S+)/.exec((await lastMail(request, email))!.text)![1]!;
    await page.goto(link);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Renewed123');
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('Renewed124');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('The values do not match')).toBeVisible();
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('Renewed123');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('status')).toHaveText('Your new password is set.');
    await page.getByRole('link', { name: 'Log in' }).click();
    await logIn(page, { email, password: 'Renewed123' });
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test('autologin stores a handed-over session, drops it from the URL and opens the dashboard', async ({ page }) => {
  const { access_token, expires_in } = await apiLogIn(page);
  await page.goto(`/autologin#access_token=${access_token}&expires_in=${expires_in}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(page.url()).not.toContain(access_token);
  expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBe(access_token);

  await page.evaluate(() => localStorage.clear());
  await page.goto('/autologin#access_token=not-a-real-token&expires_in=3600');
  await expect(page).toHaveURL(/\/login\?s=expired$/);
});

test('single sign-on: the round trip through the authorisation server, and its end', async ({ page }) => {
  const origin = `http://sso.localhost:${e2ePort}`;
  await page.goto(`${origin}/login`);
  // The auth layout hands over to the authorisation page with a random state.
  await expect(page.getByRole('heading', { name: 'Sign in to SSO Portal' })).toBeVisible();
  const state = new URL(page.url()).searchParams.get('state');
  expect(state).toMatch(/^[0-9a-f]{32}$/);
  await page.getByLabel('Email').fill(demo.email);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${origin}/dashboard`);
  await expect(page.getByRole('complementary').getByText('SSO Demo Member')).toBeVisible();

  // The authorisation server's session ends: the hidden-frame check notices and signs the member out.
  await page.evaluate(() => fetch('/dev/oauth/logout'));
  await page.reload();
  await expect(page).toHaveURL(`${origin}/oauthlogin?s=logout`, { timeout: 10_000 });
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
  expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
});
