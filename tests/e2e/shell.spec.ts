import { expect, test } from '@playwright/test';
import { acmeOrigin, apiBack, apiUnreachable, demo, demoOrigin, logIn, menuEntryIds, signIn } from './support';

test.describe('the branded shell', () => {
  test('a visitor at / lands on /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });

  test('localhost and acme.localhost each show their own tenant name, logo and colours', async ({ page }) => {
    const tenants = [
      { origin: '', name: 'Demo Portal', logo: '/media/demo-logo-light.svg', primary: 'rgb(28, 95, 184)', footer: 'Demo Portal Ltd' },
      { origin: acmeOrigin, name: 'Acme Invest', logo: '/media/acme-logo-light.svg', primary: 'rgb(180, 56, 11)', footer: 'Acme Invest GmbH' },
    ];
    for (const tenant of tenants) {
      await page.goto(`${tenant.origin}/login`);
      const logo = page.getByRole('img', { name: tenant.name });
      await expect(logo).toBeVisible();
      await expect(logo).toHaveAttribute('src', tenant.logo);
      await expect(page).toHaveTitle(`Log in | ${tenant.name}`);
      await expect(page.getByTestId('copyright')).toContainText(tenant.footer);
      await expect(page.getByRole('button', { name: 'Log in' })).toHaveCSS('background-color', tenant.primary);
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /media\/(demo|acme)-favicon\.svg$/);
    }
    // Acme has no user agreement configured: only the privacy link shows.
    await expect(page.getByRole('link', { name: 'Privacy policy' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'User agreement' })).toHaveCount(0);
  });

  test('an unknown path lands on /404', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  });

  test("the tenant's settings and the store's first page come answered in the page: a first visit to /store asks the API for none of them", async ({ page }) => {
    const operations: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql')) operations.push(/(?:query|mutation)\s+(\w+)/.exec(request.postDataJSON()?.query ?? '')?.[1] ?? '?');
    });
    await page.goto('/store');
    await expect(page.getByRole('heading', { name: 'Store' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Demo Portal' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Trading Basics/ }).first()).toBeVisible();
    for (const operation of ['WhiteLabel', 'ModuleCustomConfig', 'Products', 'ProductCategories']) expect(operations).not.toContain(operation);

    // Another page of the store (a sort) is asked for as before.
    await page.goto('/store?sort=price_asc');
    await expect(page.getByRole('link', { name: /Trading Basics/ }).first()).toBeVisible();
    expect(operations).toContain('Products');
  });

  test('with the API unreachable and nothing cached the app shows /408 and remembers the path', async ({ page }) => {
    await apiUnreachable(page);
    await page.goto('/settings?tab=profile');
    await expect(page).toHaveURL(/\/408$/);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('path-before-408'))).toBe('/settings?tab=profile');

    // Reloading the 408 screen keeps the remembered path (and offers Try again once the reloaded app gave up too).
    await page.reload();
    await expect(page).toHaveURL(/\/408$/);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('path-before-408'))).toBe('/settings?tab=profile');

    // Once the server answers again, "Try again" returns to the remembered path (which asks a visitor to log in).
    await apiBack(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a reload of the 408 screen once the server answers again goes on to the remembered path', async ({ page }) => {
    await apiUnreachable(page);
    await page.goto('/settings?tab=profile');
    await expect(page).toHaveURL(/\/408$/);
    await apiBack(page);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the last good settings are used when the next load fails', async ({ page }) => {
    await page.goto('/login');
    // The page itself, not only the logo (the static shell shows that before the app has cached anything).
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await page.route('**/graphql', (route) => route.abort('connectionrefused'));
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('img', { name: 'Demo Portal' })).toBeVisible();
  });

  test('the demo member logs in and reaches /dashboard', async ({ page }) => {
    await page.goto('/login');
    await logIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('auth-token'),
      expires: Number(localStorage.getItem('auth-token-expires')),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.expires).toBeGreaterThan(Date.now());
  });

  test('a wrong password shows the invalid-login text and keeps what was typed', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, { email: demo.email, password: 'Wrong12345' });
    await expect(page.getByRole('alert')).toHaveText('Invalid login or password. Please try again.');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(demo.email);
  });

  test('a stale token on a member route leads to /login?s=expired with the text', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('auth-token', 'stale-token');
      localStorage.setItem('auth-token-expires', String(Date.now() + 3_600_000));
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?s=expired$/);
    await expect(page.getByText('Session expired. Please re-login.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
  });

  test('logging out from the menu clears the session', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login\?s=logout$/);
    expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the menu shows exactly the entries each tenant allows', async ({ page }) => {
    await signIn(page);
    await signIn(page, demo, { origin: acmeOrigin });
    await page.goto('/dashboard');
    await expect.poll(() => menuEntryIds(page)).toEqual([
      'dashboard',
      'lotteries',
      'myLotteries',
      'deals',
      'balance',
      'projects',
      'briefcase',
      'products',
      'roadmap',
      'myCourses',
      'affiliates',
      'investments',
      'licenses',
      'copyTrading',
      'rankings',
      'myAccounts',
      'cms:1',
      'cms:2',
      'cms:3',
      'cms:4',
      'cms:5',
      'settings',
      'invoices',
      'logout',
    ]);

    await page.goto(`${acmeOrigin}/dashboard`);
    await expect.poll(() => menuEntryIds(page)).toEqual(['dashboard', 'balance', 'tariffs', 'roadmap', 'myCourses', 'investments', 'settings', 'invoices', 'logout']);
    // Acme shows its tariffs as investments, its plans as investment plans (one "Investments" only) and its balance as a wallet.
    await expect(page.getByTestId('main-menu').getByRole('link', { name: 'Investments', exact: true })).toHaveCount(1);
    await expect(page.getByTestId('main-menu').getByRole('link', { name: 'Investment plans' })).toBeVisible();
    await expect(page.getByTestId('main-menu').getByRole('link', { name: 'Wallet', exact: true })).toBeVisible();
  });

  test("the tenant's owner finds Subscriptions in the account panel (on a phone too); a member who owns nothing does not", async ({ page, browser }) => {
    await signIn(page);
    await page.goto('/dashboard');
    const panel = page.getByRole('complementary', { name: 'Your account' });
    await expect(panel.getByRole('link', { name: 'Security' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Subscriptions' })).toHaveCount(0);

    const phone = await browser.newContext({ baseURL: demoOrigin, viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const owner = await phone.newPage();
    await signIn(owner, { email: 'owner@example.com', password: 'Demo12345' });
    await owner.goto('/dashboard');
    await owner.getByRole('button', { name: 'Your account panel' }).click();
    await owner.getByRole('dialog', { name: 'Your account' }).getByRole('link', { name: 'Subscriptions' }).click();
    await expect(owner).toHaveURL(/\/subscriptions$/);
    await expect(owner.getByRole('banner').getByText('Subscriptions')).toBeVisible();
    await phone.close();
  });

  test('on a small screen the bottom navigation and the menu sheet replace the drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto('/dashboard');
    const bottomNav = page.getByTestId('bottom-nav');
    await expect(bottomNav).toBeVisible();
    await expect(bottomNav.getByRole('link')).toHaveText(['Dashboard', 'Products', 'Deals']);
    await bottomNav.getByRole('button', { name: 'More' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await expect(sheet).toBeVisible();
    // Dashboard is not in the menu on small screens; the sheet closes on a route change.
    await expect(sheet.locator('[data-menu-entry="dashboard"]')).toHaveCount(0);
    await sheet.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('banner').getByText('Settings')).toBeVisible();
  });

  test("on a phone in tariff mode (Acme) the bottom bar has Products beside Investments, and it opens the products page", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, demo, { origin: acmeOrigin });
    await page.goto(`${acmeOrigin}/dashboard`);
    const bottomNav = page.getByTestId('bottom-nav');
    await expect(bottomNav.getByRole('link')).toHaveText(['Dashboard', 'Products', 'Investments', 'Courses']);
    await bottomNav.getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Products');
  });
});
