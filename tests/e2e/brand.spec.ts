// Acme's brand (issue 33 "The tenant's brand"): the design record's colours on the page's body, a card, an
// input, a link and a primary button, its background image, its web font (Lora, 400 and 700, hosted by the
// reference server) without a layout shift, its dark surfaces on inputs, segmented controls, the course
// accordion and Prev/Next, badges that are never cut, axe clean; at phone and desktop sizes in both themes.
// Colours are compared as computed styles (a screenshot of each page is kept as an artifact, never compared).
// And gtm_tag: loaded only once the page is interactive, and never for a tenant without one.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { acmeOrigin, axeViolations, demo, demoOrigin, signIn } from './support';

/** Acme's design record as server/db/seed.ts writes it. */
const acme = {
  light: { primary: '#b4380b', surface: '#ffffff', surfaceBackground: '#f6ece5', body: '#fbf6f2', link: '#b4380b', image: 'acme-background-light.svg' },
  // The link colour (#b4380b) is under 4.5:1 on the dark background: links take the dark primary.
  dark: { primary: '#f08c5a', surface: '#2a1d16', surfaceBackground: '#33241b', body: '#1c130e', link: '#f08c5a', image: 'acme-background-dark.svg' },
};

const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

/** A hex colour as getComputedStyle writes it. */
const rgb = (hex: string) => {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${value >> 16}, ${(value >> 8) & 255}, ${value & 255})`;
};

const style = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

/** Mantine's own dark greys, which no Acme control may show in the dark theme. */
const mantineDarkGreys = ['#2e2e2e', '#242424', '#1f1f1f', '#3b3b3b', '#141414'].map(rgb);

/** The page's layout shifts so far (the CLS sum; input-caused shifts do not count). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
          resolve(entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all: nothing shifted.
        setTimeout(() => resolve(0), 500);
      }),
  );

async function keepScreenshot(page: Page, name: string) {
  await test.info().attach(name, { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
}

for (const [size, viewport] of Object.entries(sizes)) {
  for (const theme of ['light', 'dark'] as const) {
    const expected = acme[theme];
    test.describe(`Acme at ${size} size, ${theme} theme`, () => {
      test.use({ viewport });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      });

      test('the login page wears the brand and its web font, and nothing shifts when the font arrives', async ({ page }) => {
        test.slow();
        await page.goto(`${acmeOrigin}/login`);
        const logIn = page.getByRole('button', { name: 'Log in' });
        await expect(logIn).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        await page.evaluate(() => document.fonts.ready);

        const backdrop = page.locator('.portal-backdrop');
        expect(await style(backdrop, 'background-color')).toBe(rgb(expected.surfaceBackground));
        expect(await style(backdrop, 'background-image')).toContain(expected.image);
        expect(await style(page.locator('main .mantine-Paper-root').first(), 'background-color')).toBe(rgb(expected.surface));
        expect(await style(logIn, 'background-color')).toBe(rgb(expected.primary));
        const email = page.getByRole('textbox', { name: 'Email' });
        expect(await style(email, 'background-color')).toBe(theme === 'light' ? rgb('#ffffff') : rgb(expected.surface));
        expect(await style(page.getByRole('link', { name: 'Privacy policy' }), 'color')).toBe(rgb(expected.link));
        const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
        expect(favicon).toBe('/media/acme-favicon.svg');

        // The font: Lora's 400 and 700 faces (and 600 for the buttons) loaded by the page's own text, from the
        // server's stylesheet.
        expect(await style(page.locator('body'), 'font-family')).toMatch(/^Lora, "Lora Fallback"/);
        const loaded = await page.evaluate(() =>
          [...document.fonts].filter((face) => face.family.replaceAll('"', '') === 'Lora' && face.status === 'loaded').map((face) => face.weight),
        );
        expect(loaded).toEqual(expect.arrayContaining(['400', '700']));
        expect(await page.evaluate(() => document.fonts.check('400 16px Lora') && document.fonts.check('700 16px Lora'))).toBe(true);
        expect(await layoutShift(page)).toBe(0);
        // The fallback is sized to Lora: the same line takes (nearly) the same room in either.
        const widths = await page.evaluate(() => {
          const measure = (family: string) => {
            const span = document.createElement('span');
            span.style.cssText = `font: 400 16px ${family}; position: absolute; white-space: nowrap; visibility: hidden`;
            span.textContent = 'Log in to your account with your email and password';
            document.body.append(span);
            const width = span.getBoundingClientRect().width;
            span.remove();
            return width;
          };
          return { lora: measure('Lora'), fallback: measure('"Lora Fallback"') };
        });
        expect(Math.abs(widths.fallback / widths.lora - 1)).toBeLessThan(0.04);

        await keepScreenshot(page, `acme-login-${size}-${theme}`);
        expect(await axeViolations(page), 'acme /login').toEqual([]);
      });

      test('member pages wear the brand: body, cards, inputs, segmented controls, the course and its Prev/Next', async ({ page }) => {
        test.slow();
        await page.route(/^https:\/\/(www\.youtube\.com|www\.youtube-nocookie\.com|player\.vimeo\.com)\//, (route) => route.abort());
        await signIn(page, demo, { origin: acmeOrigin });
        await page.goto(`${acmeOrigin}/settings`);
        const save = page.getByRole('button', { name: 'Save' }).first();
        await expect(save).toBeVisible();
        const body = page.locator('body');
        expect(await style(body, 'background-color')).toBe(rgb(expected.body));
        expect(await style(body, 'background-image')).toContain(expected.image);
        expect(await style(page.locator('.mantine-Card-root').first(), 'background-color')).toBe(rgb(expected.surface));
        expect(await style(save, 'background-color')).toBe(rgb(expected.primary));
        const name = page.getByRole('textbox').first();
        const segmented = page.locator('.mantine-SegmentedControl-root');
        if (theme === 'dark') {
          expect(await style(name, 'background-color')).toBe(rgb(expected.surface));
          for (const control of [name, segmented]) expect(mantineDarkGreys).not.toContain(await style(control, 'background-color'));
          expect(mantineDarkGreys).not.toContain(await style(name, 'border-color'));
        }
        await keepScreenshot(page, `acme-settings-${size}-${theme}`);
        expect(await axeViolations(page), 'acme /settings').toEqual([]);

        await page.goto(`${acmeOrigin}/my-courses`);
        await page.getByTestId('course-card').filter({ hasText: 'Portal basics' }).getByRole('link', { name: /Portal basics$/ }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Portal basics' })).toBeVisible();
        const next = page.getByRole('button', { name: 'Next' });
        await expect(next).toBeVisible();
        if (theme === 'dark') {
          expect(await style(next, 'background-color')).toBe(rgb(expected.surface));
          expect(mantineDarkGreys).not.toContain(await style(next, 'border-color'));
        }
        // On a phone the contents are a tab of their own.
        if (size === 'phone') await page.getByRole('tab', { name: 'Contents' }).click();
        const contents = page.getByTestId('course-contents').filter({ visible: true });
        await expect(contents).toBeVisible();
        if (theme === 'dark') {
          const item = contents.locator('.mantine-Accordion-item').first();
          for (const property of ['background-color', 'border-color']) expect(mantineDarkGreys).not.toContain(await style(item, property));
        }
        await keepScreenshot(page, `acme-course-${size}-${theme}`);
        expect(await axeViolations(page), 'acme course').toEqual([]);
      });
    });
  }
}

/** WCAG contrast of two computed rgb() colours. */
function contrastOf(a: string, b: string) {
  const luminance = (colour: string) => {
    const [r, g, b] = colour.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((part) => {
      const value = Number(part) / 255;
      return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

test('unselected radios stay visible on Acme’s dark theme (border at least 3:1 on what is around them)', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await signIn(page, demo, { origin: acmeOrigin });
  await page.goto(`${acmeOrigin}/security`);
  await page.getByRole('button', { name: 'Turn on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
  const unselected = dialog.locator('.mantine-Radio-radio:not([data-checked])').first();
  await expect(unselected).toBeVisible();
  const border = await style(unselected, 'border-top-color');
  expect(mantineDarkGreys).not.toContain(border);
  const around = await unselected.evaluate((radio) => getComputedStyle(radio.closest('.mantine-Modal-content') ?? document.body).backgroundColor);
  expect(contrastOf(border, around)).toBeGreaterThanOrEqual(3);
  expect(contrastOf(border, rgb(acme.dark.surface))).toBeGreaterThanOrEqual(3);
  expect(await axeViolations(page, { include: '[role="dialog"]' }), 'acme two-factor method step').toEqual([]);
});

test.describe('badges at phone width', () => {
  test.use({ viewport: sizes.phone });
  for (const theme of ['light', 'dark'] as const) {
    // Russian labels are the longest: with Mantine's own badge styles "Не оплачен", "Активен", "В обработке"
    // were cut here.
    test(`are never cut, in Russian either (${theme} theme)`, async ({ page }) => {
      test.slow();
      await page.addInitScript((value) => {
        localStorage.setItem('theme', value);
        localStorage.setItem('language', 'ru');
      }, theme);
      await signIn(page);
      for (const path of ['/invoices', '/projects', '/withdrawals']) {
        await page.goto(path);
        const badges = page.locator('main .mantine-Badge-root');
        await expect(badges.first()).toBeVisible();
        const cut = await badges.evaluateAll((elements) =>
          elements
            .filter((badge) => {
              const label = badge.querySelector<HTMLElement>('.mantine-Badge-label') ?? badge;
              return label.scrollWidth > label.clientWidth + 1 || badge.scrollHeight > badge.clientHeight + 1;
            })
            .map((badge) => badge.textContent),
        );
        expect(cut, path).toEqual([]);
      }
    });
  }
});

test.describe('the tag manager', () => {
  test('Acme’s gtm_tag loads gtm.js only once the page is interactive', async ({ page }) => {
    const requested: { interactive: boolean }[] = [];
    await page.route('**/tag-manager/gtm.js?id=GTM-ACME001', async (route) => {
      requested.push({
        interactive: await page.evaluate(
          () => document.getElementById('boot-shell') === null && document.querySelector('button[type="submit"]') !== null,
        ),
      });
      await route.continue();
    });
    await page.goto(`${acmeOrigin}/login`);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect.poll(() => requested.length).toBe(1);
    expect(requested[0]!.interactive).toBe(true);
    // Google's bootstrap first, then the (stand-in) container ran.
    await expect
      .poll(() => page.evaluate(() => (window as { google_tag_manager?: Record<string, unknown> }).google_tag_manager?.['GTM-ACME001'] ?? null))
      .toEqual({ standIn: true });
    const dataLayer = await page.evaluate(() => (window as { dataLayer?: { event?: string }[] }).dataLayer?.map((entry) => entry.event));
    expect(dataLayer).toEqual(['gtm.js', 'gtm.load']);
  });

  test('a tenant without gtm_tag never loads it', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (/gtm\.js/.test(request.url())) requested.push(request.url());
    });
    await page.goto(`${demoOrigin}/login`);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    // Past the moment Acme's would load: the browser has been idle twice since the page rendered.
    await page.evaluate(() => new Promise((idle) => requestIdleCallback(() => requestIdleCallback(idle))));
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
  });
});

/** The colour behind an element: its own background and those around it, see-through ones laid over the first opaque one. */
const backgroundBehind = (locator: Locator) =>
  locator.evaluate((element) => {
    const layers: number[][] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const [r = 0, g = 0, b = 0, a = 1] = (getComputedStyle(node).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
      if (a > 0) layers.push([r, g, b, a]);
      if (a >= 1) break;
    }
    const base = layers.at(-1)?.[3] === 1 ? layers.pop()! : [255, 255, 255, 1];
    const [r, g, b] = layers.reduceRight((under, [lr, lg, lb, la]) => [lr! * la! + under[0]! * (1 - la!), lg! * la! + under[1]! * (1 - la!), lb! * la! + under[2]! * (1 - la!)], base);
    return `rgb(${Math.round(r!)}, ${Math.round(g!)}, ${Math.round(b!)})`;
  });

// Acme's demo member has no invoices; the Demo Portal's dark ramp is also built from its surfaces.
test('the PAID badge on the invoices meets 4.5:1 in both themes', async ({ page }) => {
  await signIn(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.goto('/invoices');
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.reload();
    const paid = page.locator('main [data-status="paid"]').first();
    await expect(paid).toBeVisible();
    const ratio = contrastOf(await style(paid.locator('.mantine-Badge-label'), 'color'), await backgroundBehind(paid));
    expect(ratio, theme).toBeGreaterThanOrEqual(4.5);
  }
});
