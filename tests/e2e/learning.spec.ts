import { expect, test, type Page } from '@playwright/test';
import { acmeOrigin, axeViolations, demo, demoOrigin, devControl, registerMember, runnerHeaders, signIn } from './support';

// Learning on a fresh database: the demo member is enrolled in "Portal basics" (two sections, five
// lectures: the local clip, YouTube, Vimeo, a text and the clip again) and, on the Demo Portal, in a course
// that comes with the subscription (which is not active there). The video providers are blocked, as they
// would be offline: those lessons must say so and stay usable.

test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\/(www\.youtube\.com|www\.youtube-nocookie\.com|player\.vimeo\.com)\//, (route) => route.abort());
  await signIn(page);
});

/** Opens "Portal basics" from /my-courses (from the page itself when it is there) and returns the path of its first lesson. */
async function openBasics(page: Page): Promise<string> {
  if (new URL(page.url(), 'http://localhost').pathname !== '/my-courses') await page.goto('/my-courses');
  const card = page.getByTestId('course-card').filter({ hasText: 'Portal basics' });
  await card.getByRole('link', { name: /Portal basics$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Portal basics' })).toBeVisible();
  return new URL(page.url()).pathname;
}

const sectionOf: Record<string, string> = {
  Welcome: 'Getting started',
  'A tour in video': 'Getting started',
  'Reading the dashboard': 'Going further',
  'Your first plan': 'Going further',
  'Wrap-up': 'Going further',
};

/** Opens a lesson from the contents, opening its section first when it is closed. */
async function openLesson(page: Page, name: string) {
  const section = page.getByRole('button', { name: new RegExp(`^${sectionOf[name]}`) });
  // The page may open the section of the next lesson by itself once the contents load: settle before clicking.
  await expect(async () => {
    if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
    await expect(section).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass();
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

const checkbox = (page: Page) => page.getByRole('checkbox', { name: 'Completed' });
const video = (page: Page) => page.getByTestId('video-player').locator('video');
const progress = (page: Page) => page.getByTestId('course-progress');
/** The contents entry of a lecture (by its path's last part). */
const contentsEntry = (page: Page, path: string) => page.getByTestId(`contents-lecture-${path.split('/').pop()}`);

test('my courses lists the courses with progress and a button to the next lesson', async ({ page }) => {
  await page.goto('/my-courses');
  const cards = page.getByTestId('course-card');
  await expect(cards).toHaveCount(2);
  const basics = cards.filter({ hasText: 'Portal basics' });
  await expect(basics.locator('img')).toHaveAttribute('src', '/media/course-images/basics.svg');
  await expect(basics.getByTestId('course-card-progress')).toHaveText('0 of 5 lessons completed');
  await expect(cards.filter({ hasText: "Members' club" })).toContainText('Comes with the subscription');
  await basics.getByRole('link', { name: 'Start: Portal basics' }).click();
  await expect(page).toHaveURL(/\/course\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome' })).toBeVisible();
});

test('the local clip played past 95 % marks the lesson done, and progress and contents follow without a reload', async ({ page }) => {
  const first = await openBasics(page);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(checkbox(page)).not.toBeChecked();
  await expect(progress(page)).toHaveAttribute('data-done', '0');
  // The section of the open lesson is open, its entry current.
  await expect(contentsEntry(page, first)).toBeVisible();
  await expect(contentsEntry(page, first)).toHaveAttribute('aria-current', 'page');
  await video(page).evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    element.playbackRate = 4;
    return element.play();
  });
  await expect(checkbox(page)).toBeChecked({ timeout: 15_000 });
  await expect(progress(page)).toHaveAttribute('data-done', '1');
  await expect(progress(page)).toContainText('1 of 5 lessons completed');
  await expect(contentsEntry(page, first)).toHaveAttribute('data-completed', 'true');

  // Unchecked: not done, everywhere.
  await checkbox(page).click();
  await expect(checkbox(page)).not.toBeChecked();
  await expect(progress(page)).toHaveAttribute('data-done', '0');
  await expect(contentsEntry(page, first)).toHaveAttribute('data-completed', 'false');
  // Still not done after a reload: the server was told.
  await page.reload();
  await expect(checkbox(page)).not.toBeChecked();
});

test('previous is off on the first lesson, next on the last, and they walk the course in order', async ({ page }) => {
  await openBasics(page);
  const names = ['Welcome', 'A tour in video', 'Reading the dashboard', 'Your first plan', 'Wrap-up'];
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  for (const name of names.slice(1)) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
  // Opening a lesson of the second section opened that section in the contents.
  await expect(page.getByRole('button', { name: /Going further/ })).toHaveAttribute('aria-expanded', 'true');
});

test('a lesson whose player cannot load says so, and its checkbox still works', async ({ page }) => {
  await openBasics(page);
  await openLesson(page, 'A tour in video');
  await expect(page.getByTestId('player-unavailable')).toContainText('The video cannot be played here right now');
  await checkbox(page).click();
  await expect(checkbox(page)).toBeChecked();
  await expect(progress(page)).toHaveAttribute('data-done', '1');
  await checkbox(page).click();
  await expect(progress(page)).toHaveAttribute('data-done', '0');
});

test('a lecture that does not exist goes to /my-courses', async ({ page }) => {
  const first = await openBasics(page);
  const courseId = first.split('/')[2];
  await page.goto(`/course/${courseId}/999999`);
  await expect(page).toHaveURL(/\/my-courses$/);
  await page.goto('/course/999999/1');
  await expect(page).toHaveURL(/\/my-courses$/);
});

test('a lesson resumes where the member stopped, after a reload', async ({ page }) => {
  await openBasics(page);
  await openLesson(page, 'Wrap-up');
  // The clip is 6 s long: on a busy machine real playback can run to its end (which starts it over) before the
  // test pauses it. So the member seeks to 3 s, plays and pauses there: the pause keeps the position.
  await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  await video(page).evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    const seeked = new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
    element.currentTime = 3;
    await seeked;
  });
  const saved = page.waitForRequest((request) => request.url().endsWith('/graphql') && (request.postData() ?? '').includes('moduleLmsCourseSavePosition'));
  await video(page).evaluate(async (element: HTMLVideoElement) => {
    await element.play();
    element.pause();
  });
  const position = JSON.parse((await saved).postData() ?? '{}').variables.seconds as number;
  expect(position).toBeGreaterThanOrEqual(3);
  expect(position).toBeLessThan(5);
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThanOrEqual(position);
  await expect(checkbox(page)).not.toBeChecked();
});

test('a course that comes with the subscription is locked while the subscription is not active', async ({ page }) => {
  await page.goto('/my-courses');
  await page.getByTestId('course-card').filter({ hasText: "Members' club" }).getByRole('link').click();
  await expect(page.getByTestId('course-locked')).toContainText('This course comes with the subscription, which is not active.');
  // The demo member does not own the portal: no way to a page where they could not renew it, but who can.
  await expect(page.getByTestId('course-locked')).toContainText('The portal’s owner manages the subscription.');
  await expect(page.getByRole('link', { name: 'Renew the subscription' })).toHaveCount(0);
  await expect(page.getByTestId('lesson')).toHaveCount(0);
  await expect(page.getByTestId('course-contents')).toBeVisible();
});

test('the course view and my courses pass axe, in the dark theme and on a phone too (Contents tab)', async ({ page }) => {
  // axe over several pages and sizes: more than the default 30 s on a busy two-core machine.
  test.slow();
  const violations = () => axeViolations(page);
  await openBasics(page);
  await expect(page.getByTestId('course-contents')).toBeVisible();
  expect(await violations(), 'course view').toEqual([]);
  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByTestId('course-about')).toBeVisible();
  expect(await violations(), 'about tab').toEqual([]);
  // The pages are reached the way a member goes, without loading the app again.
  await page.getByRole('link', { name: 'My courses' }).first().click();
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  expect(await violations(), '/my-courses').toEqual([]);
  // The dark theme too.
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await violations(), '/my-courses, dark').toEqual([]);
  await openBasics(page);
  await expect(page.getByTestId('course-contents')).toBeVisible();
  expect(await violations(), 'course view, dark').toEqual([]);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();

  // On a phone the course view shows its parts as tabs.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Contents' }).click();
  await expect(page.getByTestId('course-contents')).toBeVisible();
  expect(await violations(), 'contents tab on a phone').toEqual([]);
  // Opening a lesson from the Contents tab shows it on the Lesson tab.
  await openLesson(page, 'Your first plan');
  await expect(page.getByRole('tab', { name: 'Lesson' })).toHaveAttribute('aria-selected', 'true');
});

test('the last lesson to complete completes the course, which says so and offers the next step', async ({ page }) => {
  await openBasics(page);
  for (const name of ['Welcome', 'A tour in video', 'Reading the dashboard', 'Your first plan']) {
    await openLesson(page, name);
    await checkbox(page).click();
    await expect(checkbox(page)).toBeChecked();
  }
  await expect(progress(page)).toHaveAttribute('data-done', '4');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Wrap-up' })).toBeVisible();
  await expect(page.getByTestId('course-completed')).toHaveCount(0);
  await checkbox(page).click();
  const done = page.getByTestId('course-completed');
  await expect(done).toContainText('You have completed the course');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await done.getByRole('button', { name: 'See the downloads' }).click();
  // The member's download link (signed for the session) opens the file; the file's bare address opens nothing.
  const link = page.getByRole('link', { name: 'Course workbook (PDF)' });
  await expect(link).toHaveAttribute('href', /^\/media\/courses\/workbook\.pdf\?/);
  const workbook = await page.request.get((await link.getAttribute('href'))!, { headers: runnerHeaders });
  expect(workbook.ok()).toBe(true);
  expect((await page.request.get('/media/courses/workbook.pdf', { headers: runnerHeaders })).status()).toBe(403);
  await page.getByRole('link', { name: 'My courses' }).first().click();
  await expect(page.getByTestId('course-card').filter({ hasText: 'Portal basics' }).getByTestId('course-card-progress')).toHaveText(
    '5 of 5 lessons completed',
  );
});

test('the demo member has the demo course on the second tenant too', async ({ page }) => {
  await signIn(page, demo, { origin: acmeOrigin });
  await page.goto(`${acmeOrigin}/my-courses`);
  await expect(page.getByTestId('course-card')).toHaveCount(1);
  await expect(page.getByTestId('course-card')).toContainText('Portal basics');
});

test('a member who buys "Trading Basics Course" is led from the thank-you page to the course, and finds it in My courses', async ({ browser, request }) => {
  // A member of the test's own, in a page of its own (the demo member's courses stay as the other tests expect).
  const page = await (await browser.newContext({ baseURL: demoOrigin, locale: 'en-US' })).newPage();
  await page.clock.install();
  await registerMember(page, 'course-buyer');
  await page.goto('/products');
  await page.getByRole('link', { name: 'Trading Basics Course' }).first().click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Go to pay' }).click();
  await expect(page).toHaveURL(/\/gateway\/pay\/\d+$/);
  const invoiceId = page.url().split('/').pop()!;
  const pay = page.getByRole('dialog', { name: /^Pay invoice INV-/ });
  await pay.getByRole('radio', { name: 'CoinPayments' }).check();
  await pay.getByRole('button', { name: 'Continue' }).click();
  await pay.getByRole('radio', { name: 'Tether USD (TRC20)' }).check();
  await pay.getByRole('button', { name: 'Continue' }).click();
  await expect(pay.getByTestId('copy-Address')).not.toBeEmpty();
  await devControl(request, '/dev/gateway/confirm', { invoice_id: Number(invoiceId) });
  await page.clock.fastForward(5_000);
  await expect(page).toHaveURL(/\/thankyou\/INV-[0-9A-F]+$/);
  await expect(page.getByTestId('thankyou-invoice')).toContainText('is paid');
  await expect(page.getByRole('link', { name: 'Open the course: Trading Basics' })).toBeVisible();
  expect(await axeViolations(page), 'the thank-you page').toEqual([]);
  await page.getByRole('link', { name: 'Open the course: Trading Basics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trading Basics' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'How a market works' })).toBeVisible();
  await page.getByRole('link', { name: 'My courses' }).first().click();
  await expect(page.getByTestId('course-card')).toHaveCount(1);
  await expect(page.getByTestId('course-card')).toContainText('Trading Basics');
});
