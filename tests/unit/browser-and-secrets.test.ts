import { describe, expect, it } from 'vitest';
import { isOutdatedBrowser } from '../../src/lib/browser-support';
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
