import { describe, expect, it } from 'vitest';
import { browserFromUserAgent, isOutdatedBrowser } from '../../src/lib/browser-support';
import { maskSecrets, masked } from '../../src/lib/mask-secrets';

describe('browser minimums (Safari 14.1, Chrome 84, Edge 84, Opera 70, no Internet Explorer)', () => {
  it.each([
    ['Safari', '14.0.3', true],
    ['Safari', '14.1', false],
    ['Mobile Safari', '13.1', true],
    ['Chrome', '80.0.3987', true],
    ['Chrome', '84.0.4147', false],
    ['Edge', '83.0', true],
    ['Edge', '120.0', false],
    ['Opera', '69.0', true],
    ['Opera', '70.0', false],
    ['IE', '11.0', true],
    ['Firefox', '60.0', false],
  ])('%s %s outdated: %s', (name, version, outdated) => {
    expect(isOutdatedBrowser(name, version)).toBe(outdated);
  });
});

describe('the browser a User-Agent names (what the minimums need of it)', () => {
  const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)';
  const iphone = (os: string) => `Mozilla/5.0 (iPhone; CPU iPhone OS ${os} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)`;
  it.each([
    [`${windows} Chrome/80.0.3987.149 Safari/537.36`, 'Chrome', '80.0.3987.149', true],
    [`${windows} Chrome/120.0.0.0 Safari/537.36`, 'Chrome', '120.0.0.0', false],
    [`${windows} Chrome/83.0.4103.116 Safari/537.36 Edg/83.0.478.61`, 'Edge', '83.0.478.61', true],
    [`${windows} Chrome/70.0.3538.102 Safari/537.36 Edge/18.19041`, 'Edge', '18.19041', true],
    [`${windows} Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91`, 'Edge', '120.0.2210.91', false],
    [`${windows} Chrome/83.0.4103.116 Safari/537.36 OPR/69.0.3686.77`, 'Opera', '69.0.3686.77', true],
    [`${windows} Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0`, 'Opera', '106.0.0.0', false],
    ['Opera/9.80 (Windows NT 6.1; WOW64) Presto/2.12.388 Version/12.18', 'Opera', '12.18', true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0.3 Safari/605.1.15', 'Safari', '14.0.3', true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1 Safari/605.1.15', 'Safari', '14.1', false],
    [`${iphone('13_7')} Version/13.1.2 Mobile/15E148 Safari/604.1`, 'Mobile Safari', '13.1.2', true],
    [`${iphone('17_1')} Version/17.1 Mobile/15E148 Safari/604.1`, 'Mobile Safari', '17.1', false],
    [`${iphone('14_0')} CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1`, 'Chrome', '120.0.6099.119', false],
    ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/83.0.4103.106 Mobile Safari/537.36', 'Chrome', '83.0.4103.106', true],
    ['Mozilla/5.0 (Linux; Android 10; K; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/80.0.3987.99 Mobile Safari/537.36', 'Chrome WebView', '80.0.3987.99', true],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36', 'Chrome Headless', '120.0.0.0', false],
    ['Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; rv:11.0) like Gecko', 'IE', '11.0', true],
    ['Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)', 'IE', '10.0', true],
    // Browsers without a minimum of their own, even when they carry a Chrome or Safari token.
    ['Mozilla/5.0 (Linux; Android 10; SM-G973F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/12.0 Chrome/79.0.3945.136 Mobile Safari/537.36', 'other', undefined, false],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:60.0) Gecko/20100101 Firefox/60.0', 'other', undefined, false],
    [`${iphone('12_4')} Mobile/15E148 [FBAN/FBIOS;FBAV/240.0]`, 'other', undefined, false],
  ])('%s', (userAgent, name, version, outdated) => {
    const browser = browserFromUserAgent(userAgent);
    expect(browser).toEqual({ name, version });
    expect(isOutdatedBrowser(browser.name, browser.version)).toBe(outdated);
  });
});

describe('secrets are masked before inspection', () => {
  it('masks passwords, codes, tokens, card and wallet fields, keeping the event name', () => {
    expect(
      maskSecrets({
        type: 'credentials.submit',
        username: 'demo@example.com',
        password: 'Demo12345',
        code: '123456',
        output: { access_token: 'abc', expires_in: 60 },
        values: { card_number: '4111', wallet_address: '0xabc', name: 'Demo' },
      }),
    ).toEqual({
      type: 'credentials.submit',
      username: 'demo@example.com',
      password: masked,
      code: masked,
      output: { access_token: masked, expires_in: 60 },
      values: { card_number: masked, wallet_address: masked, name: 'Demo' },
    });
  });
});
