import { expect, test, type Page } from '@playwright/test';
import { apiLogIn, demoOrigin } from './support';

/** Every request a page makes that goes anywhere but the portal's own server. */
function requestsLeaving(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== demoOrigin && url.protocol !== 'data:' && url.protocol !== 'blob:') outside.push(request.url());
  });
  return outside;
}

test('the built-in inspector in a second tab shows the login and shell flows of the app tab, tokens masked, and nothing leaves the pages', async ({ page, context }) => {
  // A session from the API, handed to the app tab as /autologin takes it (the URL fragment).
  const session = await apiLogIn(page);
  const inspector = await context.newPage();
  const leavingInspector = requestsLeaving(inspector);
  const leavingApp = requestsLeaving(page);
  await inspector.goto('/flows?view=live');
  const actors = inspector.getByTestId('live-actors');
  // The inspector's own page runs the shell's flows.
  await expect(actors.locator('[data-machine="tenantConfig"]').first()).toBeVisible();

  // The app tab: the login page (the login flow), then the handed-over session, which signs in.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(actors.locator('[data-machine="login"]')).toHaveCount(1);
  await page.goto(`/autologin#access_token=${session.access_token}&expires_in=${session.expires_in}`);
  await expect(page).toHaveURL(/\/dashboard/);

  // The login flow ended with its page; autologin finished; the dashboard's shell flows run in the app tab.
  await actors.locator('[data-machine="login"]').click();
  await expect(inspector.getByRole('heading', { level: 2 })).toContainText('login: editingCredentials');
  await expect(actors.locator('[data-machine="login"]')).toContainText('stopped');
  await expect(actors.locator('[data-machine="tenantConfig"]')).toHaveCount(3);
  await expect(actors.locator('[data-machine="tenantConfig"]', { hasText: '/autologin' })).toContainText('ready');

  await actors.locator('[data-machine="autologin"]').click();
  await expect(inspector.getByRole('heading', { level: 2 })).toContainText('autologin: signedIn');
  await expect(inspector.getByTestId('flow-chart').locator('g.state.is-active[data-state-id="autologin.signedIn"]')).toHaveCount(1);
  // The flow's input carried the session: the event shows it, its token masked.
  const initRow = inspector.getByTestId('live-events').getByRole('row', { name: /xstate\.init/ });
  await expect(initRow).toContainText('"access_token":"••••"');
  expect(await inspector.content()).not.toContain(session.access_token);

  // The timeline has a lane per actor and a mark per event; choosing one with the keyboard picks its actor.
  const loginLane = inspector.getByTestId('inspector-timeline').getByRole('group', { name: 'Events of login' });
  await loginLane.getByRole('button', { name: /^xstate\.init at / }).focus();
  await inspector.keyboard.press('Enter');
  await expect(inspector.getByRole('heading', { level: 2 })).toContainText('login: editingCredentials');

  expect(leavingInspector).toEqual([]);
  expect(leavingApp).toEqual([]);
});
