// Auth: sign-in and sign-out, sessions, registration with an email code, email verification, password
// reset, sign-in throttling and single sign-on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { demoPassword, demoTwoFaSecret } from '../../server/db/seed';
import { loginAttempts, mailOutbox, oauthCodes, rateLimits, tenants, users } from '../../server/db/schema';
import { hashToken } from '../../server/security/tokens';
import { startServer } from './harness';
import { graphqlAs } from './requests';

let server: Awaited<ReturnType<typeof startServer>>;
let demoUuid: string;
let ssoUuid: string;

const loginMutation = `mutation ($data: LoginInput!) { login(data: $data) { access_token expires_in token_type } }`;
const signIn = (data: Record<string, unknown>) => server.gql(loginMutation, { data: { whitelabel_uuid: demoUuid, ...data } });
const login = (username: string, password: string, uuid = demoUuid) =>
  server.gql(loginMutation, { data: { username, password, whitelabel_uuid: uuid } });
const sessionCount = async () =>
  Number(((await server.db.execute(sql`select count(*)::int as n from sessions`)) as any).rows[0].n);

const registerMutation = `mutation ($name: String!, $email: String!, $password: String!, $lang: String!, $whitelabel_uuid: ID!, $source: String!, $sponsor: String, $telegram: String) {
  createUser(name: $name, email: $email, password: $password, lang: $lang, whitelabel_uuid: $whitelabel_uuid, source: $source, sponsor: $sponsor, telegram: $telegram) { id name obfuscated_email status }
}`;
const verifyMutation = `mutation ($whitelabel_uuid: ID, $email: String!, $code: String, $token: String) {
  verifyEmail(whitelabel_uuid: $whitelabel_uuid, email: $email, code: $code, token: $token) { access_token expires_in }
}`;

const register = (variables: Record<string, unknown>) =>
  server.gql(registerMutation, { name: 'New Member', password: 'Secret123', lang: 'en', whitelabel_uuid: demoUuid, source: 'localhost', ...variables });

async function lastMail(to: string) {
  const [mail] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return mail;
}
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const linkTokenIn = (text: string, path: string) => new RegExp(`${path}/([\\w-]+)\\?`).exec(text)?.[1] ?? '';

beforeAll(async () => {
  server = await startServer();
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
  const sso = (await graphqlAs(server.db, { host: 'sso.localhost' })(`{ whiteLabel(source: "sso") { uuid oauth2 } }`)).data.whiteLabel;
  ssoUuid = sso.uuid;
  expect(sso.oauth2).toBe(true);
});
afterAll(() => server?.close());

describe('sign-in', () => {
  it('bad variables get a validation error and write nothing', async () => {
    const before = await sessionCount();
    const answer = await signIn({ username: 'not-an-email', password: '' });
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      category: 'validation',
      fields: { username: expect.any(Array), password: ['This field is required.'] },
    });
    expect(await sessionCount()).toBe(before);
  });

  it('an unknown email and a wrong password get the same answer', async () => {
    const unknown = await signIn({ username: 'nobody@example.com', password: 'Demo12345' });
    const wrong = await signIn({ username: 'demo@example.com', password: 'Wrong12345' });
    expect(unknown.errors?.[0]).toMatchObject({ message: wrong.errors?.[0]?.message, extensions: wrong.errors?.[0]?.extensions });
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ category: 'authentication', reason: 'InvalidLogin' });
  });

  it('issues an opaque token that opens me, and logout revokes it', async () => {
    const answer = await signIn({ username: 'Demo@Example.com', password: 'Demo12345' });
    const token = answer.data.login.access_token as string;
    expect(answer.data.login).toMatchObject({ expires_in: 86400, token_type: 'Bearer' });
    const stored = (await server.db.execute(sql`select token_hash from sessions`)) as any;
    expect(stored.rows.map((row: { token_hash: string }) => row.token_hash)).not.toContain(token);

    const me = await server.gql(`{ me { name obfuscated_email wallet_balance { currency available } } userSettings { status } }`, undefined, token);
    expect(me.data.me.name).toBe('Demo Member');
    expect(me.data.me.obfuscated_email).toBe('de***@example.com');
    expect(me.data.me.wallet_balance.map((w: { currency: string }) => w.currency)).toEqual(['USDT', 'EUR', 'USD']);
    expect(me.data.userSettings.status).toBe('active');

    expect((await server.gql(`mutation { logout { status } }`, undefined, token)).data.logout.status).toBe('success');
    const after = await server.gql(`{ me { name } }`, undefined, token);
    expect(after.errors?.[0]?.extensions?.category).toBe('authentication');
  });

  it('me is null for a visitor and an authentication error for a bad token', async () => {
    expect((await server.gql(`{ me { name } }`)).data.me).toBeNull();
    expect((await server.gql(`{ me { name } }`, undefined, 'stale')).errors?.[0]?.extensions?.category).toBe('authentication');
    expect((await server.gql(`{ userSettings { status } }`)).errors?.[0]?.extensions?.category).toBe('authentication');
  });

  it('a token stops working when its session expires', async () => {
    const token = (await signIn({ username: 'demo@example.com', password: demoPassword })).data.login.access_token as string;
    expect((await server.gql(`{ me { name } }`, undefined, token)).data.me.name).toBe('Demo Member');
    await server.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where token_hash = ${hashToken(token)}`);
    expect((await server.gql(`{ me { name } }`, undefined, token)).errors?.[0]?.extensions?.category).toBe('authentication');
  });

  it('the login answer gives the member when asked for it', async () => {
    const answer = await server.gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token user { name obfuscated_email } } }`, {
      data: { username: 'demo@example.com', password: demoPassword, whitelabel_uuid: demoUuid },
    });
    expect(answer.data.login.user).toEqual({ name: 'Demo Member', obfuscated_email: 'de***@example.com' });
  });

  it('a member with two-factor needs a current code, and a code works only once', async () => {
    const credentials = { username: 'twofa@example.com', password: 'Demo12345' };
    expect((await signIn(credentials)).errors?.[0]?.extensions).toMatchObject({ reason: 'TwoFaError' });
    expect((await signIn({ ...credentials, twofa_verification_code: '000000' })).errors?.[0]?.extensions).toMatchObject({
      reason: 'TwoFaCodeError',
    });
    const code = new TOTP({ secret: Secret.fromBase32(demoTwoFaSecret) }).generate();
    expect((await signIn({ ...credentials, twofa_verification_code: code })).data.login.access_token).toBeTruthy();
    expect((await signIn({ ...credentials, twofa_verification_code: code })).errors?.[0]?.extensions).toMatchObject({
      reason: 'TwoFaCodeError',
    });
  });
});

describe('registration with an email code', () => {
  it('refuses a password without an uppercase letter, writing nothing and sending nothing', async () => {
    const answer = await register({ email: 'weak@example.com', password: 'secret123' });
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      category: 'validation',
      fields: { password: ['The password needs an uppercase letter.'] },
    });
    expect(await server.db.select().from(users).where(eq(users.email, 'weak@example.com'))).toEqual([]);
    expect(await lastMail('weak@example.com')).toBeUndefined();
  });

  it('creates the member, mails a 6-digit code, and the code signs the member in once', async () => {
    const answer = await register({ email: 'new@example.com' });
    expect(answer.data.createUser).toMatchObject({ name: 'New Member', obfuscated_email: 'ne***@example.com', status: 'success' });
    const mail = await lastMail('new@example.com');
    let code = codeIn(mail!.text);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.text).toContain('/verifyemail/');

    // Not verified yet: the login refuses, with the user-not-found answer.
    expect((await login('new@example.com', 'Secret123')).errors?.[0]?.extensions?.reason).toBe('UserNotFound');
    // Registering again goes to the code step with a code of its own (it confirms that registration), and
    // the earlier code stops working.
    expect((await register({ email: 'new@example.com' })).errors?.[0]?.extensions).toMatchObject({ reason: 'NotVerified' });
    const second = await lastMail('new@example.com');
    expect(second!.id).not.toBe(mail!.id);
    const first = code;
    code = codeIn(second!.text);
    if (first !== code) {
      expect((await server.gql(verifyMutation, { whitelabel_uuid: demoUuid, email: 'new@example.com', code: first })).data.verifyEmail).toBeNull();
    }

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await server.gql(verifyMutation, { whitelabel_uuid: demoUuid, email: 'new@example.com', code: wrong })).data.verifyEmail).toBeNull();
    const verified = await server.gql(verifyMutation, { whitelabel_uuid: demoUuid, email: 'new@example.com', code });
    expect(verified.data.verifyEmail.access_token).toBeTruthy();
    const again = await server.gql(verifyMutation, { whitelabel_uuid: demoUuid, email: 'new@example.com', code });
    expect(again.errors?.[0]?.extensions?.reason).toBe('CodeExpired');

    expect((await login('new@example.com', 'Secret123')).data.login.access_token).toBeTruthy();
    expect((await register({ email: 'new@example.com' })).errors?.[0]?.extensions?.fields).toEqual({
      email: ['This email is already registered.'],
    });
  });

  it('asks to wait before another code, and five wrong codes use a code up', async () => {
    await register({ email: 'tries@example.com' });
    const code = codeIn((await lastMail('tries@example.com'))!.text);
    const resend = await server.gql(`mutation ($u: ID!, $e: String!) { sendVerificationCode(whitelabel_uuid: $u, email: $e) { status } }`, {
      u: demoUuid,
      e: 'tries@example.com',
    });
    expect(resend.errors?.[0]?.extensions).toMatchObject({ category: 'rate_limited', reason: 'TooManyAttempts' });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await server.gql(verifyMutation, { whitelabel_uuid: demoUuid, email: 'tries@example.com', code: wrong });
    }
    const late = await server.gql(verifyMutation, { whitelabel_uuid: demoUuid, email: 'tries@example.com', code });
    expect(late.errors?.[0]?.extensions?.reason).toBe('CodeExpired');
  });

  it('the mailed link verifies too', async () => {
    await register({ email: 'link@example.com' });
    const token = linkTokenIn((await lastMail('link@example.com'))!.text, '/verifyemail');
    const answer = await server.gql(verifyMutation, { email: 'link@example.com', token });
    expect(answer.data.verifyEmail.access_token).toBeTruthy();
    expect((await server.gql(verifyMutation, { email: 'link@example.com', token })).data.verifyEmail).toBeNull();
  });

  it('takes the sponsor from a referral id, refuses an unknown one, and names the inviter', async () => {
    expect((await register({ email: 'ref-bad@example.com', sponsor: 'nobody' })).errors?.[0]?.extensions?.fields).toEqual({
      sponsor: ['This referral link is not valid.'],
    });
    await register({ email: 'ref@example.com', sponsor: 'demo' });
    const [member] = await server.db.select().from(users).where(eq(users.email, 'ref@example.com'));
    const [sponsor] = await server.db.select().from(users).where(eq(users.refid, 'demo'));
    expect(member!.sponsorId).toBe(sponsor!.id);
    const invitation = await server.gql(`query ($u: ID!) { invitation(whitelabel_uuid: $u, sponsor: "demo") { name avatar } }`, { u: demoUuid });
    expect(invitation.data.invitation).toEqual({ name: 'Demo Member', avatar: '/media/demo-avatar.svg' });
  });

  it('refuses registration without a referral when the tenant allows only referral sign-ups', async () => {
    await server.db
      .update(tenants)
      .set({ flags: sql`${tenants.flags} || '{"signup_reflink_only": true}'::jsonb` })
      .where(eq(tenants.uuid, demoUuid));
    try {
      const answer = await register({ email: 'solo@example.com' });
      expect(answer.errors?.[0]).toMatchObject({
        message: 'Registration is possible via referral link only.',
        extensions: { reason: 'ReferralLinkOnly' },
      });
    } finally {
      await server.db.update(tenants).set({ flags: sql`${tenants.flags} - 'signup_reflink_only'` }).where(eq(tenants.uuid, demoUuid));
    }
  });
});

describe('password reset', () => {
  it('mails a link whose token sets a new password once and ends other sessions', async () => {
    const session = (await login('demo@example.com', 'Demo12345')).data.login.access_token;
    const [demo] = await server.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, 'demo@example.com'));
    try {
      const ask = await server.gql(`mutation ($u: ID!) { forgotPassword(whitelabel_uuid: $u, email: "demo@example.com") { status } }`, { u: demoUuid });
      expect(ask.data.forgotPassword.status).toBe('success');
      const token = linkTokenIn((await lastMail('demo@example.com'))!.text, '/newpassword');
      const reset = `mutation ($u: ID!, $t: String!, $p: String!) { resetPassword(whitelabel_uuid: $u, email: "demo@example.com", token: $t, password: $p) { status } }`;
      expect((await server.gql(reset, { u: demoUuid, t: token, p: 'weak' })).errors?.[0]?.extensions?.category).toBe('validation');
      expect((await server.gql(reset, { u: demoUuid, t: token, p: 'Changed123' })).data.resetPassword.status).toBe('success');
      expect((await server.gql(reset, { u: demoUuid, t: token, p: 'Changed456' })).errors?.[0]?.extensions?.reason).toBe('InvalidLink');
      expect((await server.gql(`{ me { name } }`, undefined, session)).errors?.[0]?.extensions?.category).toBe('authentication');
      expect((await login('demo@example.com', 'Changed123')).data.login.access_token).toBeTruthy();
    } finally {
      // Later tests sign the demo member in with the demo password.
      await server.db.update(users).set({ passwordHash: demo!.passwordHash }).where(eq(users.email, 'demo@example.com'));
    }
  });

  it('answers the same for an email nobody uses', async () => {
    const answer = await server.gql(`mutation ($u: ID!) { forgotPassword(whitelabel_uuid: $u, email: "ghost@example.com") { status message } }`, {
      u: demoUuid,
    });
    expect(answer.data.forgotPassword.status).toBe('success');
    expect(await lastMail('ghost@example.com')).toBeUndefined();
  });
});

describe('sign-in throttling', () => {
  it('blocks an account after five failures, for known and unknown emails alike', async () => {
    const emails = ['twofa@example.com', 'unknown-person@example.com'];
    // Failures of the tests above must not count towards this limit.
    await server.db.delete(loginAttempts).where(inArray(loginAttempts.accountKey, emails));
    await server.db.delete(rateLimits).where(sql`${rateLimits.key} like 'signin:%'`);
    for (const email of emails) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await login(email, 'Wrong12345')).errors?.[0]?.extensions?.reason).toBe('InvalidLogin');
      }
      const blocked = await login(email, 'Demo12345');
      expect(blocked.errors?.[0]?.extensions).toMatchObject({ category: 'rate_limited', reason: 'TooManyAttempts' });
      expect(blocked.errors?.[0]?.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ s\.$/);
    }
  });
});

describe('single sign-on', () => {
  it('exchanges a code from the authorisation server once (even in parallel), for the redirect it was issued to, on its tenant’s address', async () => {
    const [sso] = await server.db.select().from(tenants).where(eq(tenants.uuid, ssoUuid));
    await server.db.insert(oauthCodes).values({
      tenantId: sso!.id,
      email: 'demo@example.com',
      codeHash: hashToken('code-from-the-idp'),
      redirectUri: 'http://sso.localhost/oauthlogin',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const exchange = `mutation ($u: ID!, $c: String!, $r: String!) { oauthLogin(whitelabel_uuid: $u, code: $c, redirect_uri: $r) { access_token } }`;
    // The portal of the SSO tenant calls from its own address.
    const atSso = graphqlAs(server.db, { host: 'sso.localhost', origin: 'http://sso.localhost' });
    const elsewhere = await atSso(exchange, { u: ssoUuid, c: 'code-from-the-idp', r: 'http://evil.example/oauthlogin' });
    expect(elsewhere.errors?.[0]?.extensions?.reason).toBe('InvalidOAuthCode');
    expect((await server.gql(exchange, { u: ssoUuid, c: 'code-from-the-idp', r: 'http://sso.localhost/oauthlogin' })).errors?.[0]?.extensions?.reason).toBe(
      'TenantMismatch',
    );
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => atSso(exchange, { u: ssoUuid, c: 'code-from-the-idp', r: 'http://sso.localhost/oauthlogin' })),
    );
    expect(attempts.filter((answer) => answer.data?.oauthLogin?.access_token)).toHaveLength(1);
    const twice = await atSso(exchange, { u: ssoUuid, c: 'code-from-the-idp', r: 'http://sso.localhost/oauthlogin' });
    expect(twice.errors?.[0]?.extensions?.reason).toBe('InvalidOAuthCode');
  });
});
