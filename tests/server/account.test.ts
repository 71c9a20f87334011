// Account: the member view (me), two-factor activation and recovery codes, login history, profile, staking
// wallet and sponsor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { mailOutbox, recoveryCodes, sessions, users } from '../../server/db/schema';
import { hashToken } from '../../server/security/tokens';
import { excludedWalletCurrencies, loginHistoryPage } from '../../domain/limits';
import { startServer } from './harness';
import { demoAccounts } from '../../server/modules/trading/demo-data';
import { add, truncate } from '../../domain/money';
import { sandboxBalance } from '../../server/modules/trading/sandbox-adapter';

let server: Awaited<ReturnType<typeof startServer>>;
let demoUuid: string;

const login = async (username = 'demo@example.com', extra: Record<string, unknown> = {}) => {
  const answer = await server.gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
    data: { username, password: 'Demo12345', whitelabel_uuid: demoUuid, ...extra },
  });
  return answer.data?.login?.access_token as string;
};
/** A session made in the database, so a two-factor member's TOTP codes stay unused. */
const sessionFor = async (email: string) => {
  const [member] = await server.db.select().from(users).where(eq(users.email, email));
  const token = `test-session-${member!.id}-${Date.now()}`;
  await server.db.insert(sessions).values({ userId: member!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
};
const lastCode = async (to: string) => {
  const [mail] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
};
const totpOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
const activate = `mutation ($e: String!, $t: String!) { activateTwoFa(method: "google2fa", email_verification_code: $e, twofa_verification_code: $t) { status recovery_codes } }`;
const deactivate = `mutation ($e: String!, $t: String, $r: String) {
  deactivateTwoFa(method: "google2fa", email_verification_code: $e, twofa_verification_code: $t, recovery_code: $r) { status }
}`;
const askForEmailCode = `mutation { generateEmailVerificationCode(method: "google2fa") { status } }`;
/** Lets the member's last mailed code look older than the 60 s resend wait. */
const ageEmailCodes = (userId: number) =>
  server.db.execute(sql`update email_codes set created_at = now() - interval '2 minutes' where user_id = ${userId}`);

beforeAll(async () => {
  server = await startServer();
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
});
afterAll(() => server?.close());

describe('me', () => {
  const meQuery = `{ me { name sponsor { name email } trading_balance { balance base_currency } wallet_balance { currency type available locked usdt_value created_at } } }`;

  it('lists the wallets as Decimal strings, without BTC and AIV, and the connected exchange accounts\' balance as the trading balance', async () => {
    const token = await sessionFor('demo@example.com');
    const held = await server.db.execute(sql`select w.currency from wallets w join users u on u.id = w.user_id where u.email = 'demo@example.com'`);
    expect((held as any).rows.map((row: { currency: string }) => row.currency)).toContain('BTC');
    const { me } = (await server.gql(meQuery, undefined, token)).data;
    // USD: the referrer fee of the referral's completed real-estate deal (the deals demo data).
    expect(me.wallet_balance.map((w: { currency: string }) => w.currency)).toEqual(['USDT', 'EUR', 'USD']);
    for (const currency of excludedWalletCurrencies) expect(me.wallet_balance.map((w: { currency: string }) => w.currency)).not.toContain(currency);
    for (const wallet of me.wallet_balance) {
      expect(wallet).toMatchObject({
        available: expect.stringMatching(/^\d+\.\d+$/),
        locked: expect.stringMatching(/^\d+\.\d+$/),
        usdt_value: expect.stringMatching(/^\d+\.\d{2}$/),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    }
    // Binance main and Bybit swing are the demo's connected exchange accounts (OKX spare is disconnected): their balances as read.
    const connected = add(sandboxBalance(demoAccounts.binance.apiKey), sandboxBalance('valid-demo-bybit-swing-7a2f'));
    expect(me.trading_balance).toEqual({ balance: truncate(connected, 8), base_currency: 'USDT' });
    expect(me.sponsor).toBeNull();
  });

  it('names the sponsor, and a member without wallets or exchange accounts has none and a zero trading balance', async () => {
    const sponsored = (await server.gql(meQuery, undefined, await sessionFor('twofa@example.com'))).data.me;
    expect(sponsored.sponsor).toEqual({ name: 'Demo Member', email: 'demo@example.com' });
    expect(sponsored.wallet_balance.map((w: { currency: string }) => w.currency)).toEqual(['USDT', 'EUR']);

    const [demo] = await server.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    await server.db.insert(users).values({
      tenantId: demo!.tenantId,
      email: 'no-wallets@example.com',
      name: 'No Wallets',
      passwordHash: demo!.passwordHash,
      refid: 'nowallets',
      referenceId: 'M-NOWALLETS',
      sponsorId: demo!.id,
      emailVerifiedAt: new Date(),
    });
    const empty = (await server.gql(meQuery, undefined, await sessionFor('no-wallets@example.com'))).data.me;
    expect(empty).toMatchObject({
      name: 'No Wallets',
      sponsor: { name: 'Demo Member', email: 'demo@example.com' },
      wallet_balance: [],
      trading_balance: { balance: '0', base_currency: 'USDT' },
    });
  });
});

describe('two-factor activation', () => {
  it('needs the email code and a code of the new secret, then ends the other sessions', async () => {
    const token = await login();
    const other = await login();
    const secretAnswer = await server.gql(`mutation { generateTwoFaSecret(method: "google2fa") { secret name email method } }`, undefined, token);
    const { secret } = secretAnswer.data.generateTwoFaSecret;
    expect(secretAnswer.data.generateTwoFaSecret).toMatchObject({ name: 'Demo Portal', email: 'demo@example.com', method: 'google2fa' });
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    expect((await server.gql(`mutation { generateEmailVerificationCode(method: "google2fa") { status } }`, undefined, token)).data.generateEmailVerificationCode.status).toBe('success');
    const again = await server.gql(`mutation { generateEmailVerificationCode(method: "google2fa") { status } }`, undefined, token);
    expect(again.errors?.[0]?.extensions).toMatchObject({ category: 'rate_limited', reason: 'TooManyAttempts' });
    const emailCode = await lastCode('demo@example.com');

    const wrongEmail = await server.gql(activate, { e: emailCode === '000000' ? '111111' : '000000', t: totpOf(secret) }, token);
    expect(wrongEmail.errors?.[0]?.extensions).toMatchObject({ reason: 'TwoFaCodeError', fields: { email_verification_code: expect.any(Array) } });
    const wrongTotp = await server.gql(activate, { e: emailCode, t: '000000' }, token);
    expect(wrongTotp.errors?.[0]?.extensions).toMatchObject({ reason: 'TwoFaCodeError' });

    // A wrong authenticator code left the email code usable. The answer holds the 10 recovery codes.
    const activated = (await server.gql(activate, { e: emailCode, t: totpOf(secret) }, token)).data.activateTwoFa;
    expect(activated.status).toBe('success');
    expect(activated.recovery_codes).toHaveLength(10);
    expect((await server.gql(`{ me { twofa } }`, undefined, token)).data.me.twofa).toBe(true);
    expect((await server.gql(`{ me { name } }`, undefined, other)).errors?.[0]?.extensions?.category).toBe('authentication');

    // Signing in now needs a code of that secret (the last one used is refused).
    expect((await server.gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
      data: { username: 'demo@example.com', password: 'Demo12345', whitelabel_uuid: demoUuid },
    })).errors?.[0]?.extensions?.reason).toBe('TwoFaError');

    // Deactivation needs the email code and a valid authenticator code.
    expect((await server.gql(deactivate, { e: '', t: totpOf(secret, 1) }, token)).errors?.[0]?.extensions?.reason).toBe('EmailCodeRequired');
    const [member] = await server.db.select().from(users).where(eq(users.refid, 'demo'));
    await ageEmailCodes(member!.id);
    const asked = await server.gql(askForEmailCode, undefined, token);
    expect(asked.errors).toBeUndefined();
    const offCode = await lastCode('demo@example.com');
    expect((await server.gql(deactivate, { e: offCode, t: '000000' }, token)).errors?.[0]?.extensions?.reason).toBe('TwoFaCodeError');
    expect((await server.gql(deactivate, { e: offCode, t: totpOf(secret, 1) }, token)).data.deactivateTwoFa.status).toBe('success');
    expect((await server.gql(`{ me { twofa } }`, undefined, token)).data.me.twofa).toBe(false);
  });

  it('five wrong authenticator codes void the attempt', async () => {
    const token = await login();
    const { secret } = (await server.gql(`mutation { generateTwoFaSecret(method: "google2fa") { secret } }`, undefined, token)).data
      .generateTwoFaSecret;
    await server.db.delete(mailOutbox);
    // The 60 s resend wait from the first test: let this member's last code look old.
    const { uuid } = (await server.gql(`{ me { uuid } }`, undefined, token)).data.me;
    const [member] = await server.db.select().from(users).where(eq(users.uuid, uuid));
    await ageEmailCodes(member!.id);
    const sent = await server.gql(`mutation { generateEmailVerificationCode(method: "google2fa") { status } }`, undefined, token);
    expect(sent.errors?.[0]?.message).toBeUndefined();
    const emailCode = await lastCode('demo@example.com');
    for (let attempt = 1; attempt < 5; attempt += 1) {
      expect((await server.gql(activate, { e: emailCode, t: '000000' }, token)).errors?.[0]?.extensions?.reason).toBe('TwoFaCodeError');
    }
    expect((await server.gql(activate, { e: emailCode, t: '000000' }, token)).errors?.[0]?.extensions?.reason).toBe('TwoFaNotStarted');
    expect((await server.gql(activate, { e: emailCode, t: totpOf(secret) }, token)).errors?.[0]?.extensions?.reason).toBe('TwoFaNotStarted');
  });
});

describe('login history', () => {
  it('lists the member own sign-in attempts, newest first, 3 a page', async () => {
    const token = await login();
    const page = await server.gql(
      `query ($count: Int!) { loginHistory(page: 1, count: $count) { data { success browser_name platform_name ip created_at } paginatorInfo { current_page per_page last_page total } } }`,
      { count: loginHistoryPage },
      token,
    );
    const { data, paginatorInfo } = page.data.loginHistory;
    expect(data).toHaveLength(3);
    expect(data[0].success).toBe(true);
    expect(paginatorInfo).toMatchObject({ current_page: 1, per_page: 3 });
    expect(paginatorInfo.total).toBeGreaterThanOrEqual(3);
    expect(paginatorInfo.last_page).toBe(Math.ceil(paginatorInfo.total / 3));
  });
});

describe('profile', () => {
  const update = (token: string, input: Record<string, unknown>) =>
    server.gql(`mutation ($input: UpdateUserInput!) { whiteLabelUpdateUser(input: $input) { id name status } }`, { input }, token);

  it('refuses a one-letter name, a 5-digit support code and a bad phone, saving nothing', async () => {
    const token = await login();
    const { me } = (await server.gql(`{ me { uuid name phone support_verification_code } }`, undefined, token)).data;
    const answer = await update(token, { user_uuid: me.uuid, name: 'A', support_verification_code: '12345', phone: '+1234', language: 'en' });
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      category: 'validation',
      codes: { name: ['minLength:2'], support_verification_code: ['supportCode'], phone: ['phone'] },
    });
    const after = (await server.gql(`{ me { name phone support_verification_code } }`, undefined, token)).data.me;
    expect(after).toEqual({ name: me.name, phone: me.phone, support_verification_code: me.support_verification_code });
  });

  it('saves a good profile, with an avatar that is served back', async () => {
    const token = await login();
    const { uuid } = (await server.gql(`{ me { uuid } }`, undefined, token)).data.me;
    const png = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64')}`;
    const answer = await update(token, {
      user_uuid: uuid,
      name: 'Demo Renamed',
      phone: '+12025550199',
      telegram: 'demo_renamed',
      support_verification_code: '654321',
      language: 'es',
      avatar: png,
    });
    expect(answer.data.whiteLabelUpdateUser).toMatchObject({ name: 'Demo Renamed', status: 'success' });
    const me = (await server.gql(`{ me { name phone telegram support_verification_code language avatar } }`, undefined, token)).data.me;
    expect(me).toMatchObject({ name: 'Demo Renamed', phone: '+12025550199', telegram: 'demo_renamed', support_verification_code: '654321', language: 'es' });
    expect(me.avatar).toMatch(/^\/avatars\/[0-9a-f-]{36}$/);
  });

  it('refuses an avatar that is not a PNG or JPEG, and records of another member', async () => {
    const token = await login();
    const { uuid } = (await server.gql(`{ me { uuid } }`, undefined, token)).data.me;
    const gif = `data:image/png;base64,${Buffer.from('GIF89a fake').toString('base64')}`;
    expect((await update(token, { user_uuid: uuid, avatar: gif })).errors?.[0]?.extensions?.codes).toEqual({ avatar: ['imageType'] });
    const [other] = await server.db.select().from(users).where(eq(users.email, 'twofa@example.com'));
    expect((await update(token, { user_uuid: other!.uuid, telegram: 'x' })).errors?.[0]?.extensions?.category).toBe('forbidden');
  });
});

describe('staking wallet', () => {
  it('refuses a bad address and saves a padded good one trimmed', async () => {
    const token = await login();
    const { uuid } = (await server.gql(`{ me { uuid } }`, undefined, token)).data.me;
    const save = (address: string) =>
      server.gql(`mutation ($a: String!) { moduleStakingUpdateWallet(input: { wallet_address: $a }) { status } }`, { a: address }, token);
    expect((await save('0x123')).errors?.[0]?.extensions?.fields).toEqual({ wallet_address: ['This address is not valid.'] });
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect((await save(`  ${address}  `)).data.moduleStakingUpdateWallet.status).toBe('success');
    const wallet = await server.gql(`query ($w: ID!, $u: ID!) { moduleStakingWallet(whitelabel_uuid: $w, user_uuid: $u) { wallet_address } }`, { w: demoUuid, u: uuid }, token);
    expect(wallet.data.moduleStakingWallet.wallet_address).toBe(address);
  });
});

describe('sponsor', () => {
  it('tells the member who their sponsor is', async () => {
    const code = new TOTP({ secret: Secret.fromBase32('JBSWY3DPEHPK3PXP') }).generate();
    const token = await login('twofa@example.com', { twofa_verification_code: code });
    const sponsor = (await server.gql(`{ affSponsor { name email } }`, undefined, token)).data.affSponsor;
    expect(sponsor).toMatchObject({ email: 'demo@example.com' });
  });
});

describe('two-factor recovery codes (beyond the reference portals)', () => {
  const loginWith = (email: string, extra: Record<string, unknown>) =>
    server.gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token recovery_codes_left } }`, {
      data: { username: email, password: 'Demo12345', whitelabel_uuid: demoUuid, ...extra },
    });
  const codeFormat = /^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/;

  /** A member of the test's own, with two-factor turned on through the API, and its recovery codes. */
  async function withTwoFactor() {
    const [demo] = await server.db.select().from(users).where(eq(users.refid, 'demo'));
    const id = Math.random().toString(36).slice(2, 10);
    const email = `recovery-${id}@example.com`;
    const [member] = await server.db
      .insert(users)
      .values({ tenantId: demo!.tenantId, email, name: 'Recovery Tester', passwordHash: demo!.passwordHash, refid: `rc${id}`, referenceId: `RC-${id}`, emailVerifiedAt: new Date() })
      .returning();
    const token = await sessionFor(email);
    const { secret } = (await server.gql(`mutation { generateTwoFaSecret(method: "google2fa") { secret } }`, undefined, token)).data.generateTwoFaSecret;
    await server.gql(askForEmailCode, undefined, token);
    const codes = (await server.gql(activate, { e: await lastCode(email), t: totpOf(secret) }, token)).data.activateTwoFa.recovery_codes as string[];
    return { member: member!, email, token, secret, codes };
  }

  it('activation shows 10 codes once, stored hashed; a code signs in once and says how many are left', async () => {
    const { member, email, token, codes } = await withTwoFactor();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(codeFormat);
    expect((await server.gql(`{ me { twofa recovery_codes_left } }`, undefined, token)).data.me).toEqual({ twofa: true, recovery_codes_left: 10 });
    const stored = await server.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);

    // Typed in capitals without the dash, it still is the code.
    const signedIn = await loginWith(email, { recovery_code: codes[0]!.replace('-', '').toUpperCase() });
    expect(signedIn.data.login).toMatchObject({ access_token: expect.any(String), recovery_codes_left: 9 });
    expect((await loginWith(email, { recovery_code: codes[0] })).errors?.[0]?.extensions?.reason).toBe('TwoFaCodeError');
    expect((await loginWith(email, { recovery_code: 'not-a-code' })).errors?.[0]?.extensions).toMatchObject({
      category: 'validation',
      codes: { recovery_code: ['recoveryCode'] },
    });
  });

  it('10 parallel sign-ins with one recovery code give exactly 1 session', async () => {
    const { member, email, codes } = await withTwoFactor();
    const before = (await server.db.select().from(sessions).where(eq(sessions.userId, member.id))).length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => loginWith(email, { recovery_code: codes[1] })));
    expect(answers.filter((answer) => answer.data?.login?.access_token)).toHaveLength(1);
    expect((await server.db.select().from(sessions).where(eq(sessions.userId, member.id))).length).toBe(before + 1);
  });

  it('regenerating asks for a current authenticator code and voids the old codes', async () => {
    const { email, token, secret, codes } = await withTwoFactor();
    const regenerate = `mutation ($t: String!) { regenerateRecoveryCodes(twofa_verification_code: $t) { status recovery_codes } }`;
    expect((await server.gql(regenerate, { t: '000000' }, token)).errors?.[0]?.extensions).toMatchObject({
      reason: 'TwoFaCodeError',
      fields: { twofa_verification_code: expect.any(Array) },
    });
    const fresh = (await server.gql(regenerate, { t: totpOf(secret, 1) }, token)).data.regenerateRecoveryCodes;
    expect(fresh.status).toBe('success');
    expect(fresh.recovery_codes).toHaveLength(10);
    expect(fresh.recovery_codes.filter((code: string) => codes.includes(code))).toEqual([]);
    expect((await loginWith(email, { recovery_code: codes[2] })).errors?.[0]?.extensions?.reason).toBe('TwoFaCodeError');
    expect((await loginWith(email, { recovery_code: fresh.recovery_codes[0] })).data.login.recovery_codes_left).toBe(9);
  });

  it('a lost phone: the email code and a recovery code turn two-factor off', async () => {
    const { member, token, codes } = await withTwoFactor();
    await ageEmailCodes(member.id);
    await server.gql(askForEmailCode, undefined, token);
    const answer = await server.gql(deactivate, { e: await lastCode(member.email), r: codes[3] }, token);
    expect(answer.data?.deactivateTwoFa?.status).toBe('success');
    expect((await server.gql(`{ me { twofa recovery_codes_left } }`, undefined, token)).data.me).toEqual({ twofa: false, recovery_codes_left: null });
    expect(await server.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id))).toEqual([]);
  });
});
