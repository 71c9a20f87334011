// Issue 12, "close the account-takeover holes": each finding of the hostile test replayed as the attack
// (parallel requests with Promise.all), on whichever database startServer() opened (PGlite, and PostgreSQL in
// the second pass of npm test). Every test creates members of its own and calls from an address of its own,
// so limits never carry over from one test to the next.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { GraphQLError } from 'graphql';
import { createContext } from '../../server/context';
import { avatars, loginAttempts, mailOutbox, sessions, tenants, users } from '../../server/db/schema';
import { signIn, type Credentials } from '../../server/modules/auth/sign-in';
import { maxActivationFailures } from '../../server/modules/account/two-factor';
import { hashingSlots } from '../../server/security/password';
import { hashToken } from '../../server/security/tokens';
import { newTotpSecret } from '../../server/security/totp';
import {
  maxCodeAttempts,
  maxMailsPerAddress,
  maxRegistrationsPerAddress,
  maxSignInFailuresPerAccount,
  maxSignInFailuresPerAddress,
} from '../../domain/limits';
import { startServer, type GraphQLAnswer } from './harness';
import { graphqlAs, listen, testConfig } from './requests';

let server: Awaited<ReturnType<typeof startServer>>;
let demo: typeof tenants.$inferSelect;
let acme: typeof tenants.$inferSelect;
let sso: typeof tenants.$inferSelect;
let demoPasswordHash: string;

/** Calls through the demo host (localhost), as the portal on http://localhost does. */
let gql: ReturnType<typeof graphqlAs>;

beforeAll(async () => {
  server = await startServer();
  const rows = await server.db.select().from(tenants);
  demo = rows.find((row) => row.subdomain === 'localhost')!;
  acme = rows.find((row) => row.subdomain === 'acme')!;
  sso = rows.find((row) => row.subdomain === 'sso')!;
  const [member] = await server.db.select().from(users).where(eq(users.email, 'demo@example.com')).limit(1);
  demoPasswordHash = member!.passwordHash;
  gql = graphqlAs(server.db);
});
afterAll(() => server?.close());

// ---------------------------------------------------------------- helpers

const unique = () => randomBytes(4).toString('hex');
/** Another address per test, so per-address limits never carry over. */
let lastOctet = 10;
const freshIp = () => `198.51.100.${(lastOctet += 1)}`;

/** A verified member with the demo password (Demo12345), made in the database (no scrypt per member). */
async function makeMember(options: { tenant?: typeof demo; phone?: string; twofaSecret?: string; email?: string } = {}) {
  const id = unique();
  const [member] = await server.db
    .insert(users)
    .values({
      tenantId: (options.tenant ?? demo).id,
      email: options.email ?? `member-${id}@example.com`,
      name: `Member ${id}`,
      passwordHash: demoPasswordHash,
      refid: `r${id}`,
      referenceId: `T-${id}`,
      phone: options.phone ?? null,
      emailVerifiedAt: new Date(),
      twofaSecret: options.twofaSecret ?? null,
      twofaMethod: options.twofaSecret ? 'google2fa' : null,
    })
    .returning();
  return member!;
}

async function sessionFor(member: { id: number }) {
  const token = `test-session-${member.id}-${unique()}`;
  await server.db.insert(sessions).values({ userId: member.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

const sessionsOf = async (member: { id: number }) =>
  (await server.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, member.id))).length;

async function mailsTo(to: string) {
  return server.db.select().from(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, to.toLowerCase())).orderBy(desc(mailOutbox.id));
}
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const linkTokenIn = (text: string, path: string) => new RegExp(`${path}/([\\w-]+)\\?`).exec(text)?.[1] ?? '';
const reasonOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions?.reason as string | undefined;
const categoryOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions?.category as string | undefined;
const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length;
const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

/**
 * Sign-ins checked at once, without the login resolver's queue: what several server processes on one
 * PostgreSQL (or a machine with more hashing slots) do. On 2 cores the queue runs one sign-in at a time, so
 * parallel requests through it alone would not race.
 */
async function signInAtOnce(inputs: Credentials[], ip = freshIp()) {
  const context = createContext({ db: server.db, config: testConfig(), request: new Request('http://localhost/graphql'), ip });
  const settled = await Promise.allSettled(inputs.map((input) => signIn(context, demo, input)));
  return settled.map((result) =>
    result.status === 'fulfilled' ? { token: result.value.access_token } : { reason: (result.reason as GraphQLError).extensions?.reason as string | undefined },
  );
}

const loginMutation = `mutation ($data: LoginInput!) { login(data: $data) { access_token } }`;
const loginData = (username: string, password: string, tenant = demo, extra: Record<string, unknown> = {}) => ({
  data: { username, password, whitelabel_uuid: tenant.uuid, ...extra },
});
const registerMutation = `mutation ($name: String!, $email: String!, $password: String!, $u: ID!, $telegram: String) {
  createUser(name: $name, email: $email, password: $password, lang: "en", whitelabel_uuid: $u, source: "localhost", telegram: $telegram) { id status }
}`;
const verifyMutation = `mutation ($u: ID, $email: String!, $code: String, $token: String) {
  verifyEmail(whitelabel_uuid: $u, email: $email, code: $code, token: $token) { access_token }
}`;
const forgotMutation = `mutation ($u: ID!, $email: String!) { forgotPassword(whitelabel_uuid: $u, email: $email) { status } }`;
const resetMutation = `mutation ($u: ID!, $email: String!, $token: String!, $password: String!) {
  resetPassword(whitelabel_uuid: $u, email: $email, token: $token, password: $password) { status }
}`;
const askForEmailCode = `mutation { generateEmailVerificationCode(method: "google2fa") { status } }`;
const deactivate = `mutation ($e: String!, $t: String!) { deactivateTwoFa(method: "google2fa", email_verification_code: $e, twofa_verification_code: $t) { status } }`;
const regenerate = `mutation ($t: String!) { regenerateRecoveryCodes(twofa_verification_code: $t) { status } }`;
const activate = `mutation ($e: String!, $t: String!) { activateTwoFa(method: "google2fa", email_verification_code: $e, twofa_verification_code: $t) { status } }`;

// ---------------------------------------------------------------- High

describe('1. links in mail come from the tenant’s configured address, never from the request', () => {
  it('a reset asked with a hostile Origin, or through another name of the host, links to http://localhost:8080', async () => {
    const member = await makeMember();
    const hostile = graphqlAs(server.db, { origin: 'https://evil.example' });
    await hostile(forgotMutation, { u: demo.uuid, email: member.email });
    // The demo tenant also answers to 127.0.0.1 (its domain): a request there still links to its address.
    await server.db.execute(sql`update email_codes set created_at = now() - interval '2 minutes' where user_id = ${member.id}`);
    await graphqlAs(server.db, { host: '127.0.0.1:9999' })(forgotMutation, { u: demo.uuid, email: member.email });
    const texts = (await mailsTo(member.email)).map((mail) => mail.text);
    expect(texts.join('\n')).not.toMatch(/evil\.example|127\.0\.0\.1/);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(/http:\/\/localhost:8080\/newpassword\/[\w-]+\?email=/);
  });

  it('an acme registration mails acme’s address; a tenant with its own domain gets https links on it', async () => {
    const acmeCalls = graphqlAs(server.db, { host: 'acme.localhost:5173', origin: 'http://acme.localhost:5173' });
    const email = `acme-${unique()}@example.com`;
    await acmeCalls(registerMutation, { name: 'Acme Newcomer', email, password: 'Secret123', u: acme.uuid });
    expect((await mailsTo(email))[0]?.text).toMatch(/http:\/\/acme\.localhost:8080\/verifyemail\/[\w-]+\?email=/);

    await server.db.update(tenants).set({ domain: 'invest.acme.example' }).where(eq(tenants.id, acme.id));
    try {
      const member = await makeMember({ tenant: acme });
      await graphqlAs(server.db, { host: 'invest.acme.example' })(forgotMutation, { u: acme.uuid, email: member.email });
      expect((await mailsTo(member.email))[0]?.text).toMatch(/https:\/\/invest\.acme\.example\/newpassword\/[\w-]+\?email=/);
    } finally {
      await server.db.update(tenants).set({ domain: null }).where(eq(tenants.id, acme.id));
    }
  });
});

describe('2. sign-in limits reserve the attempt before the password check', () => {
  it('20 parallel wrong logins for one account: at most 5 are checked, the rest get the limit with its wait', async () => {
    const member = await makeMember();
    const answers = await Promise.all(Array.from({ length: 20 }, () => gql(loginMutation, loginData(member.email, 'Wrong12345'))));
    const checked = count(answers, (answer) => reasonOf(answer) === 'InvalidLogin');
    const limited = answers.filter((answer) => reasonOf(answer) === 'TooManyAttempts');
    expect({ checked, limited: limited.length }).toEqual({ checked: maxSignInFailuresPerAccount, limited: 20 - maxSignInFailuresPerAccount });
    for (const answer of limited) {
      expect(answer.errors![0]!.extensions).toMatchObject({ category: 'rate_limited', retry_after: expect.any(Number) });
      expect(answer.errors![0]!.extensions!.retry_after).toBeGreaterThan(0);
    }
    // The right password now waits too.
    expect(reasonOf(await gql(loginMutation, loginData(member.email, 'Demo12345')))).toBe('TooManyAttempts');
  });

  it('10 wrong passwords checked at once without the queue: exactly 5 InvalidLogin and 5 TooManyAttempts, 5 failures recorded', async () => {
    const member = await makeMember();
    const answers = await signInAtOnce(Array.from({ length: 10 }, () => ({ username: member.email, password: 'Wrong12345' })));
    expect({
      checked: count(answers, (answer) => answer.reason === 'InvalidLogin'),
      limited: count(answers, (answer) => answer.reason === 'TooManyAttempts'),
    }).toEqual({ checked: maxSignInFailuresPerAccount, limited: 10 - maxSignInFailuresPerAccount });
    const recorded = await server.db.select({ success: loginAttempts.success }).from(loginAttempts).where(eq(loginAttempts.userId, member.id));
    expect(recorded).toEqual(Array.from({ length: maxSignInFailuresPerAccount }, () => ({ success: false })));
  });

  it('60 parallel guesses with the right one last: at most 5 are checked and none signs in', async () => {
    const member = await makeMember();
    const guesses = Array.from({ length: 60 }, (_, i) => (i === 59 ? 'Demo12345' : `Wrong${i}Guess`));
    const answers = await Promise.all(guesses.map((password) => gql(loginMutation, loginData(member.email, password))));
    expect(count(answers, (answer) => reasonOf(answer) === 'InvalidLogin')).toBeLessThanOrEqual(maxSignInFailuresPerAccount);
    expect(count(answers, (answer) => Boolean(answer.data?.login?.access_token))).toBe(0);
    expect(await sessionsOf(member)).toBe(0);
  });

  it('email and phone logins share the member’s limit', async () => {
    const member = await makeMember({ phone: `+1202555${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}` });
    const phoneLogin = member.phone!.replace(/\D/g, '');
    await Promise.all(Array.from({ length: 5 }, () => gql(loginMutation, loginData(member.email, 'Wrong12345'))));
    const byPhone = await gql(loginMutation, loginData(phoneLogin, 'Demo12345'));
    expect(reasonOf(byPhone)).toBe('TooManyAttempts');
    expect(await sessionsOf(member)).toBe(0);
  });

  it('30 parallel wrong logins from one address for 30 accounts: at most 20 are checked', async () => {
    const fromOneAddress = graphqlAs(server.db, { ip: freshIp() });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => fromOneAddress(loginMutation, loginData(`nobody-${i}-${unique()}@example.com`, 'Wrong12345'))),
    );
    expect(count(answers, (answer) => reasonOf(answer) === 'InvalidLogin')).toBeLessThanOrEqual(maxSignInFailuresPerAddress);
    expect(count(answers, (answer) => reasonOf(answer) === 'TooManyAttempts')).toBeGreaterThanOrEqual(30 - maxSignInFailuresPerAddress);
  });

  it('parallel right logins of one member all sign in: the limit counts failures, not sign-ins', async () => {
    const member = await makeMember();
    const answers = await Promise.all(Array.from({ length: 8 }, () => gql(loginMutation, loginData(member.email, 'Demo12345'))));
    expect(count(answers, (answer) => Boolean(answer.data?.login?.access_token))).toBe(8);
    // One login-history row per sign-in, and no failure for the slots given back.
    const recorded = await server.db.select({ success: loginAttempts.success }).from(loginAttempts).where(eq(loginAttempts.userId, member.id));
    expect(recorded).toEqual(Array.from({ length: 8 }, () => ({ success: true })));
  });
});

// ---------------------------------------------------------------- Medium

describe('a burst of sign-ins takes turns, so it cannot fill the database queue ahead of other requests', () => {
  it('12 members signing in at once from one address: at most `hashingSlots` credential checks run at once, and all sign in', async () => {
    // Checks in flight are the address's reserved slots (rate_limits.pending); a trigger keeps their peak.
    await server.db.execute(sql.raw(`create table pending_peaks (key text primary key, peak int not null)`));
    await server.db.execute(
      sql.raw(`create function keep_pending_peak() returns trigger language plpgsql as $$
        begin
          insert into pending_peaks values (new.key, new.pending)
            on conflict (key) do update set peak = greatest(pending_peaks.peak, excluded.peak);
          return new;
        end $$`),
    );
    await server.db.execute(sql.raw(`create trigger keep_pending_peak after insert or update on rate_limits for each row execute function keep_pending_peak()`));
    try {
      const ip = freshIp();
      const members = await Promise.all(Array.from({ length: 12 }, () => makeMember()));
      const fromOneAddress = graphqlAs(server.db, { ip });
      const answers = await Promise.all(members.map((member) => fromOneAddress(loginMutation, loginData(member.email, 'Demo12345'))));
      expect(count(answers, (answer) => Boolean(answer.data?.login?.access_token))).toBe(12);
      const peaks = (await server.db.execute(sql`select peak from pending_peaks where key = ${`signin:ip:${ip}`}`)) as unknown as { rows: { peak: number }[] };
      const peak = Number(peaks.rows[0]?.peak);
      expect(peak).toBeGreaterThanOrEqual(1);
      expect(peak).toBeLessThanOrEqual(hashingSlots);
    } finally {
      await server.db.execute(sql.raw(`drop trigger keep_pending_peak on rate_limits`));
      await server.db.execute(sql.raw(`drop function keep_pending_peak()`));
      await server.db.execute(sql.raw(`drop table pending_peaks`));
    }
  });
});

describe('3. a TOTP code is accepted once, even in parallel (RFC 6238 §5.2)', () => {
  it('10 parallel logins with the same valid code give exactly 1 session', async () => {
    const secret = newTotpSecret();
    const member = await makeMember({ twofaSecret: secret });
    const code = totpOf(secret);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => gql(loginMutation, loginData(member.email, 'Demo12345', demo, { twofa_verification_code: code }))),
    );
    expect(count(answers, (answer) => Boolean(answer.data?.login?.access_token))).toBe(1);
    expect(await sessionsOf(member)).toBe(1);
  });

  it('10 sign-ins checked at once without the queue, with the same valid code: exactly 1 session', async () => {
    const secret = newTotpSecret();
    const member = await makeMember({ twofaSecret: secret });
    const code = totpOf(secret);
    const answers = await signInAtOnce(Array.from({ length: 10 }, () => ({ username: member.email, password: 'Demo12345', twofa_verification_code: code })));
    // The others are refused: a spent code counts as a failure, so the member's limit stops the last ones.
    expect({
      signedIn: count(answers, (answer) => Boolean(answer.token)),
      refused: count(answers, (answer) => answer.reason === 'TwoFaCodeError' || answer.reason === 'TooManyAttempts'),
    }).toEqual({ signedIn: 1, refused: 9 });
    expect(await sessionsOf(member)).toBe(1);
  });

  it('one code sent at once to turn two-factor off and to regenerate the recovery codes (4 times) is accepted once', async () => {
    const secret = newTotpSecret();
    const member = await makeMember({ twofaSecret: secret });
    const token = await sessionFor(member);
    await gql(askForEmailCode, undefined, token);
    const emailCode = codeIn((await mailsTo(member.email))[0]!.text);
    const code = totpOf(secret);
    const answers = await Promise.all([
      gql(deactivate, { e: emailCode, t: code }, token),
      ...Array.from({ length: 4 }, () => gql(regenerate, { t: code }, token)),
    ]);
    const accepted = (answer: GraphQLAnswer) => answer.data?.deactivateTwoFa?.status === 'success' || answer.data?.regenerateRecoveryCodes?.status === 'success';
    expect(count(answers, accepted)).toBe(1);
    // Spent: the code does not work a second time either.
    expect(accepted(await gql(regenerate, { t: code }, token))).toBe(false);
  });
});

describe('4. one-time codes and tokens are counted and spent by conditional updates', () => {
  async function registered() {
    const email = `code-${unique()}@example.com`;
    await gql(registerMutation, { name: 'Code Tester', email, password: 'Secret123', u: demo.uuid });
    const text = (await mailsTo(email))[0]!.text;
    return { email, code: codeIn(text), link: linkTokenIn(text, '/verifyemail') };
  }

  it('40 parallel guesses of a verification code: at most 5 are checked, and then the right code is spent', async () => {
    const { email, code } = await registered();
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 40 }, () => gql(verifyMutation, { u: demo.uuid, email, code: wrong })));
    const checked = count(answers, (answer) => !answer.errors && answer.data?.verifyEmail === null);
    expect(checked).toBeLessThanOrEqual(maxCodeAttempts);
    expect(count(answers, (answer) => reasonOf(answer) === 'CodeExpired')).toBeGreaterThanOrEqual(40 - maxCodeAttempts);
    expect(reasonOf(await gql(verifyMutation, { u: demo.uuid, email, code }))).toBe('CodeExpired');
  });

  it('one verification code sent 10 times at once gives 1 session', async () => {
    const { email, code } = await registered();
    const answers = await Promise.all(Array.from({ length: 10 }, () => gql(verifyMutation, { u: demo.uuid, email, code })));
    expect(count(answers, (answer) => Boolean(answer.data?.verifyEmail?.access_token))).toBe(1);
  });

  it('one verification link opened 10 times at once gives 1 session', async () => {
    const { email, link } = await registered();
    const answers = await Promise.all(Array.from({ length: 10 }, () => gql(verifyMutation, { email, token: link })));
    expect(count(answers, (answer) => Boolean(answer.data?.verifyEmail?.access_token))).toBe(1);
  });

  it('one reset token sent 10 times at once sets 1 password', async () => {
    const member = await makeMember();
    await gql(forgotMutation, { u: demo.uuid, email: member.email });
    const token = linkTokenIn((await mailsTo(member.email))[0]!.text, '/newpassword');
    const passwords = Array.from({ length: 10 }, (_, i) => `Renewed${i}Pass`);
    const answers = await Promise.all(passwords.map((password) => gql(resetMutation, { u: demo.uuid, email: member.email, token, password })));
    const winners = passwords.filter((_, i) => answers[i]!.data?.resetPassword?.status === 'success');
    expect(winners).toHaveLength(1);
    expect(count(answers, (answer) => reasonOf(answer) === 'InvalidLink')).toBe(9);
    expect((await gql(loginMutation, loginData(member.email, winners[0]!))).data?.login?.access_token).toBeTruthy();
  });

  it('15 parallel forgotPassword calls send 1 mail (60 s between reset mails)', async () => {
    const member = await makeMember();
    const answers = await Promise.all(Array.from({ length: 15 }, () => gql(forgotMutation, { u: demo.uuid, email: member.email })));
    expect(count(answers, (answer) => answer.data?.forgotPassword?.status === 'success')).toBe(15);
    expect(await mailsTo(member.email)).toHaveLength(1);
  });
});

describe('5. registration pre-hijack: the password that works is the one whose code was confirmed', () => {
  it('the victim registers after the attacker and confirms the code: only the victim’s password works', async () => {
    const email = `victim-${unique()}@example.com`;
    await gql(registerMutation, { name: 'Attacker', email, password: 'Attacker123', u: demo.uuid });
    const victim = await gql(registerMutation, { name: 'Victim', email, password: 'Victim1234', u: demo.uuid });
    expect(reasonOf(victim)).toBe('NotVerified');
    // The registration that answered NotVerified mailed a code of its own: the newest mail.
    const code = codeIn((await mailsTo(email))[0]!.text);
    expect((await gql(verifyMutation, { u: demo.uuid, email, code })).data?.verifyEmail?.access_token).toBeTruthy();
    expect(reasonOf(await gql(loginMutation, loginData(email, 'Attacker123')))).toBe('InvalidLogin');
    expect((await gql(loginMutation, loginData(email, 'Victim1234'))).data?.login?.access_token).toBeTruthy();
    const [member] = await server.db.select().from(users).where(eq(users.email, email));
    expect(member!.name).toBe('Victim');
  });

  it('an attacker registering after the victim does not change what the victim’s own code confirms', async () => {
    const email = `victim-${unique()}@example.com`;
    await gql(registerMutation, { name: 'Victim', email, password: 'Victim1234', u: demo.uuid });
    const victimsCode = codeIn((await mailsTo(email))[0]!.text);
    await gql(registerMutation, { name: 'Attacker', email, password: 'Attacker123', u: demo.uuid });
    // The victim's code was replaced by the attacker's registration: it no longer confirms anything ...
    expect((await gql(verifyMutation, { u: demo.uuid, email, code: victimsCode })).data?.verifyEmail?.access_token).toBeFalsy();
    // ... and the attacker's password never works before its own code (in the victim's mailbox) is typed.
    expect((await gql(loginMutation, loginData(email, 'Attacker123'))).data?.login?.access_token).toBeFalsy();
  });
});

describe('6. one account per address, whatever the letter case', () => {
  it('8 parallel registrations of one address in 3 letter cases make 1 account; the rest are answered, not masked', async () => {
    const local = `case-${unique()}`;
    const spellings = [`${local}@example.com`, `${local.toUpperCase()}@EXAMPLE.COM`, `${local[0]!.toUpperCase()}${local.slice(1)}@Example.com`];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => gql(registerMutation, { name: 'Case Tester', email: spellings[i % 3], password: 'Secret123', u: demo.uuid })),
    );
    const accounts = await server.db.select().from(users).where(eq(sql`lower(${users.email})`, `${local}@example.com`));
    expect(accounts).toHaveLength(1);
    const failures = answers.filter((answer) => answer.errors);
    for (const answer of failures) {
      expect(['NotVerified', undefined]).toContain(reasonOf(answer));
      expect(['conflict', 'validation']).toContain(categoryOf(answer));
      if (categoryOf(answer) === 'validation') expect(answer.errors![0]!.extensions!.codes).toEqual({ email: ['emailTaken'] });
    }
    expect(answers.length - failures.length).toBe(1);
  });
});

describe('7. turning two-factor off asks for both codes, and 5 wrong tries void the attempt', () => {

  it('without the email code it is refused with EmailCodeRequired, and two-factor stays on', async () => {
    const secret = newTotpSecret();
    const member = await makeMember({ twofaSecret: secret });
    const token = await sessionFor(member);
    const answer = await gql(deactivate, { e: '', t: totpOf(secret) }, token);
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      category: 'validation',
      reason: 'EmailCodeRequired',
      fields: { email_verification_code: expect.any(Array) },
    });
    const [after] = await server.db.select().from(users).where(eq(users.id, member.id));
    expect(after!.twofaSecret).toBe(secret);
  });

  it('30 parallel wrong email codes: at most 5 are checked; then even the right codes need a new email code', async () => {
    const secret = newTotpSecret();
    const member = await makeMember({ twofaSecret: secret });
    const token = await sessionFor(member);
    expect((await gql(askForEmailCode, undefined, token)).data?.generateEmailVerificationCode?.status).toBe('success');
    const emailCode = codeIn((await mailsTo(member.email))[0]!.text);
    const wrong = emailCode === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 30 }, () => gql(deactivate, { e: wrong, t: totpOf(secret) }, token)));
    expect(count(answers, (answer) => reasonOf(answer) === 'TwoFaCodeError')).toBeLessThanOrEqual(maxCodeAttempts);
    expect(count(answers, (answer) => reasonOf(answer) === 'CodeExpired')).toBeGreaterThanOrEqual(30 - maxCodeAttempts);
    expect(reasonOf(await gql(deactivate, { e: emailCode, t: totpOf(secret) }, token))).toBe('CodeExpired');

    // A new email code (after the 60 s wait) and both right codes turn it off.
    await server.db.execute(sql`update email_codes set created_at = now() - interval '2 minutes' where user_id = ${member.id}`);
    await gql(askForEmailCode, undefined, token);
    const fresh = codeIn((await mailsTo(member.email))[0]!.text);
    expect((await gql(deactivate, { e: fresh, t: totpOf(secret) }, token)).data?.deactivateTwoFa?.status).toBe('success');
  });

  it('a right authenticator code with a wrong email code is refused', async () => {
    const secret = newTotpSecret();
    const member = await makeMember({ twofaSecret: secret });
    const token = await sessionFor(member);
    await gql(askForEmailCode, undefined, token);
    const emailCode = codeIn((await mailsTo(member.email))[0]!.text);
    const answer = await gql(deactivate, { e: emailCode === '000000' ? '111111' : '000000', t: totpOf(secret) }, token);
    expect(answer.errors?.[0]?.extensions).toMatchObject({ reason: 'TwoFaCodeError', fields: { email_verification_code: expect.any(Array) } });
  });
});

describe('two-factor activation: each try takes one of the 5 attempts before it is checked', () => {
  it('10 wrong authenticator codes at once: 5 are counted (the 5th voids the secret), the rest are refused as too many', async () => {
    const member = await makeMember();
    const token = await sessionFor(member);
    const { secret } = (await gql(`mutation { generateTwoFaSecret(method: "google2fa") { secret } }`, undefined, token)).data.generateTwoFaSecret;
    await gql(askForEmailCode, undefined, token);
    const emailCode = codeIn((await mailsTo(member.email))[0]!.text);
    const current = [-1, 0, 1].map((steps) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 }));
    const wrong = ['000000', '111111', '222222', '333333'].find((guess) => !current.includes(guess))!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => gql(activate, { e: emailCode, t: wrong }, token)));
    const tooMany = answers.filter((answer) => reasonOf(answer) === 'TwoFaNotStarted');
    expect({ wrong: count(answers, (answer) => reasonOf(answer) === 'TwoFaCodeError'), tooMany: tooMany.length }).toEqual({
      wrong: maxActivationFailures - 1,
      tooMany: 10 - (maxActivationFailures - 1),
    });
    for (const answer of tooMany) expect(answer.errors![0]!.message).toMatch(/^Too many wrong codes/);
    // The secret is void: even its right code now needs a new activation.
    expect(reasonOf(await gql(activate, { e: emailCode, t: totpOf(secret) }, token))).toBe('TwoFaNotStarted');
    const [after] = await server.db.select().from(users).where(eq(users.id, member.id));
    expect(after).toMatchObject({ twofaSecret: null, twofaPendingSecret: null });
  });
});

describe('8. tenants: whitelabel_uuid, sessions and links are bound to the host’s tenant', () => {
  const atAcme = () => graphqlAs(server.db, { host: 'acme.localhost:4173', origin: 'http://acme.localhost:4173' });

  it('an acme login through the demo host is refused, and works through acme’s host', async () => {
    const through = await gql(loginMutation, loginData('demo@example.com', 'Demo12345', acme));
    expect(through.errors?.[0]?.extensions).toMatchObject({ category: 'forbidden', reason: 'TenantMismatch' });
    expect((await atAcme()(loginMutation, loginData('demo@example.com', 'Demo12345', acme))).data?.login?.access_token).toBeTruthy();
    // The Origin decides when the API is served from another host (a split deployment, the dev proxy).
    const viaOrigin = graphqlAs(server.db, { host: 'api.example.net', origin: 'http://acme.localhost:5173' });
    expect((await viaOrigin(loginMutation, loginData('demo@example.com', 'Demo12345', acme))).data?.login?.access_token).toBeTruthy();
    expect(reasonOf(await graphqlAs(server.db, { origin: 'https://evil.example' })(loginMutation, loginData('demo@example.com', 'Demo12345')))).toBe(
      'TenantMismatch',
    );
  });

  it('a session works only on its tenant’s host', async () => {
    const token = await sessionFor(await makeMember({ tenant: acme }));
    expect((await atAcme()(`{ me { name } }`, undefined, token)).data?.me?.name).toMatch(/^Member /);
    expect(categoryOf(await gql(`{ me { name } }`, undefined, token))).toBe('authentication');
  });

  it('a verification link works only on its tenant’s host', async () => {
    const email = `acme-link-${unique()}@example.com`;
    await atAcme()(registerMutation, { name: 'Acme Link', email, password: 'Secret123', u: acme.uuid });
    const token = linkTokenIn((await mailsTo(email))[0]!.text, '/verifyemail');
    expect((await gql(verifyMutation, { email, token })).data?.verifyEmail ?? null).toBeNull();
    expect((await atAcme()(verifyMutation, { email, token })).data?.verifyEmail?.access_token).toBeTruthy();
  });

  it('password login on the single sign-on tenant is refused', async () => {
    const atSso = graphqlAs(server.db, { host: 'sso.localhost:4173' });
    const answer = await atSso(loginMutation, loginData('demo@example.com', 'Demo12345', sso));
    expect(answer.errors?.[0]?.extensions).toMatchObject({ category: 'forbidden', reason: 'SingleSignOnOnly' });
  });
});

// ---------------------------------------------------------------- Low

describe('low: HTTP headers and CORS', () => {
  it('CORS answers only the tenants’ origins, without credentials', async () => {
    const http = await listen(server.db);
    try {
      const ask = (origin: string) =>
        http.send('/graphql', {
          method: 'OPTIONS',
          headers: { origin, host: 'api.example.net', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
        });
      const evil = await ask('https://evil.example');
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
      const tenant = await ask('http://acme.localhost:5173');
      expect(tenant.headers['access-control-allow-origin']).toBe('http://acme.localhost:5173');
      expect(tenant.headers['access-control-allow-credentials']).toBeUndefined();
    } finally {
      await http.close();
    }
  });

  it('/graphql is no-store; pages forbid framing by others; HSTS when the portal is served over https', async () => {
    const http = await listen(server.db, testConfig({ publicUrl: 'https://portal.example.com' }));
    try {
      const api = await http.send('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'localhost' },
        body: JSON.stringify({ query: '{ appState { status } }' }),
      });
      expect(api.headers['cache-control']).toBe('no-store');
      expect(api.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const page = await http.send('/login', { headers: { host: 'localhost' } });
      expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
      // The single sign-on session check frames the portal's own authorisation page.
      expect(page.headers['content-security-policy']).toMatch(/frame-src 'self'/);
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    } finally {
      await http.close();
    }
    const plain = await listen(server.db);
    try {
      expect((await plain.send('/graphql?query=%7B__typename%7D', { headers: { host: 'localhost' } })).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('GET /avatars/ with a malformed id answers 404', async () => {
    const http = await listen(server.db);
    try {
      for (const id of ['-'.repeat(36), 'x', `${'a'.repeat(35)}z`, '00000000-0000-0000-0000-000000000000']) {
        expect((await http.send(`/avatars/${id}`)).status).toBe(404);
      }
    } finally {
      await http.close();
    }
  });
});

describe('low: bad characters are validation errors, not masked internal ones', () => {
  it('null bytes, control characters, bidi overrides and invisible-only names', async () => {
    const member = await makeMember();
    const token = await sessionFor(member);
    const cases: [string, Record<string, unknown>, string?][] = [
      [loginMutation, loginData('demo\u0000@example.com', 'Demo12345')],
      [loginMutation, loginData('demo@example.com', 'Demo\u000012345')],
      [registerMutation, { name: 'Nul\u0000Byte', email: `nul-${unique()}@example.com`, password: 'Secret123', u: demo.uuid }],
      [registerMutation, { name: 'evil\u202Egnp.exe', email: `bidi-${unique()}@example.com`, password: 'Secret123', u: demo.uuid }],
      [registerMutation, { name: '\u200B\u200B\u200B', email: `zw-${unique()}@example.com`, password: 'Secret123', u: demo.uuid }],
      [registerMutation, { name: 'Terminal', email: `esc-${unique()}@example.com`, password: 'Secret123', u: demo.uuid, telegram: '\u001b[31mred' }],
      [forgotMutation, { u: demo.uuid, email: 'x\u0000@example.com' }],
      [verifyMutation, { u: demo.uuid, email: 'x@example.com\u0000', code: '123456' }],
      [`mutation ($input: UpdateUserInput!) { whiteLabelUpdateUser(input: $input) { id } }`, { input: { user_uuid: member.uuid, name: 'Bell\u0007' } }, token],
      [`mutation ($input: UpdateUserInput!) { whiteLabelUpdateUser(input: $input) { id } }`, { input: { user_uuid: member.uuid, name: '\u2060\u200D' } }, token],
      [`mutation ($input: UpdateUserInput!) { whiteLabelUpdateUser(input: $input) { id } }`, { input: { user_uuid: member.uuid, telegram: 'tg\u0085' } }, token],
    ];
    for (const [query, variables, auth] of cases) {
      const answer = await gql(query, variables, auth);
      expect({ variables, category: categoryOf(answer) }).toEqual({ variables, category: 'validation' });
    }
  });

  it('wrong variable types, bad documents and query limits carry extensions.category', async () => {
    const wrongType = await gql(loginMutation, { data: { username: 5, password: true, whitelabel_uuid: demo.uuid } });
    expect(categoryOf(wrongType)).toBe('validation');
    const badDecimal = await gql(`mutation ($a: Decimal!) { depositFunds(amount: $a) { id } }`, { a: 'ten' });
    expect(badDecimal.errors?.[0]).toMatchObject({ message: expect.stringMatching(/Decimal/), extensions: { category: 'validation' } });
    expect(categoryOf(await gql(`{ appState { status `))).toBe('validation');
    expect(categoryOf(await gql(`{ appState { nothing } }`))).toBe('validation');
    const greedy = Array.from({ length: 40 }, (_, i) => `a${i}: appState { status }`).join(' ');
    expect(categoryOf(await gql(`{ ${greedy} }`))).toBe('validation');
  });
});

describe('low: avatars', () => {
  it('an unchanged avatar is not written again, and a replaced one is deleted', async () => {
    const member = await makeMember();
    const token = await sessionFor(member);
    const png = (tail: number) => `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, tail]).toString('base64')}`;
    const save = (avatar: string) =>
      gql(`mutation ($input: UpdateUserInput!) { whiteLabelUpdateUser(input: $input) { id } }`, { input: { user_uuid: member.uuid, avatar } }, token);
    for (let i = 0; i < 5; i += 1) await save(png(1));
    const first = await server.db.select().from(avatars).where(eq(avatars.userId, member.id));
    expect(first).toHaveLength(1);
    await save(png(2));
    const second = await server.db.select().from(avatars).where(eq(avatars.userId, member.id));
    expect(second).toHaveLength(1);
    expect(second[0]!.id).not.toBe(first[0]!.id);
    const [after] = await server.db.select().from(users).where(eq(users.id, member.id));
    expect(after!.avatar).toBe(`/avatars/${second[0]!.id}`);
  });
});

describe('low: the sponsor’s contacts', () => {
  it('email, phone and telegram only when the tenant has show_sponsor_profile on', async () => {
    const sponsor = await makeMember({ phone: '+12025550100' });
    await server.db.update(users).set({ telegram: 'sponsor_tg' }).where(eq(users.id, sponsor.id));
    const member = await makeMember();
    await server.db.update(users).set({ sponsorId: sponsor.id }).where(eq(users.id, member.id));
    const token = await sessionFor(member);
    const ask = `{ me { sponsor { name email phone telegram } } affSponsor { name email phone telegram } }`;
    expect((await gql(ask, undefined, token)).data).toEqual({
      me: { sponsor: { name: sponsor.name, email: sponsor.email, phone: '+12025550100', telegram: 'sponsor_tg' } },
      affSponsor: { name: sponsor.name, email: sponsor.email, phone: '+12025550100', telegram: 'sponsor_tg' },
    });
    await server.db.update(tenants).set({ flags: sql`${tenants.flags} || '{"show_sponsor_profile": false}'::jsonb` }).where(eq(tenants.id, demo.id));
    try {
      const hidden = { name: sponsor.name, email: null, phone: null, telegram: null };
      expect((await gql(ask, undefined, token)).data).toEqual({ me: { sponsor: hidden }, affSponsor: hidden });
    } finally {
      await server.db.update(tenants).set({ flags: sql`${tenants.flags} || '{"show_sponsor_profile": true}'::jsonb` }).where(eq(tenants.id, demo.id));
    }
  });
});

describe('low: logs', () => {
  it('a failing query with emails, names, password hashes and tokens logs none of them', async () => {
    const lines: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map((arg) => (arg instanceof Error ? `${arg.message} ${String(arg.cause ?? '')} ${arg.stack}` : typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
      }),
    );
    const email = `log-probe-${unique()}@example.com`;
    await server.db.execute(sql.raw(`alter table users add constraint log_probe check (name <> 'Log Probe')`));
    let answer: GraphQLAnswer;
    try {
      answer = await gql(registerMutation, { name: 'Log Probe', email, password: 'Secret123', u: demo.uuid });
    } finally {
      await server.db.execute(sql.raw(`alter table users drop constraint log_probe`));
      for (const spy of spies) spy.mockRestore();
    }
    const logged = lines.join('\n');
    expect(logged).toContain('log_probe');
    expect(logged).not.toContain(email);
    expect(logged).not.toContain('Log Probe');
    expect(logged).not.toMatch(/scrypt\$/);
    // The answer is the masked internal error, with its category.
    expect(answer.errors?.[0]).toMatchObject({ message: 'Unexpected error.', extensions: { category: 'internal' } });
  });
});

describe('low: registration limits per address', () => {
  it('30 parallel registrations from one address make at most the limit of accounts and mails', async () => {
    const fromOneAddress = graphqlAs(server.db, { ip: freshIp() });
    const prefix = `flood-${unique()}`;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fromOneAddress(registerMutation, { name: 'Flood', email: `${prefix}-${i}@example.com`, password: 'Secret123', u: demo.uuid }),
      ),
    );
    const made = await server.db.select({ id: users.id }).from(users).where(sql`${users.email} like ${`${prefix}-%`}`);
    const mails = await server.db.select({ id: mailOutbox.id }).from(mailOutbox).where(sql`${mailOutbox.to} like ${`${prefix}-%`}`);
    expect(made.length).toBeLessThanOrEqual(maxRegistrationsPerAddress);
    expect(mails.length).toBeLessThanOrEqual(maxMailsPerAddress);
    expect(count(answers, (answer) => reasonOf(answer) === 'TooManyAttempts')).toBe(30 - made.length);
  });

  it('telegram: 3-255 at registration, at most 50 in the profile, on the server too', async () => {
    const register = (telegram: string) =>
      gql(registerMutation, { name: 'Telegram', email: `tg-${unique()}@example.com`, password: 'Secret123', u: demo.uuid, telegram });
    expect((await register('ab')).errors?.[0]?.extensions?.codes).toEqual({ telegram: ['minLength:3'] });
    expect((await register('t'.repeat(256))).errors?.[0]?.extensions?.codes).toEqual({ telegram: ['maxLength:255'] });
    expect((await register('t'.repeat(255))).data?.createUser?.status).toBe('success');
    const member = await makeMember();
    const token = await sessionFor(member);
    const update = (telegram: string) =>
      gql(`mutation ($input: UpdateUserInput!) { whiteLabelUpdateUser(input: $input) { id } }`, { input: { user_uuid: member.uuid, telegram } }, token);
    expect((await update('t'.repeat(51))).errors?.[0]?.extensions?.codes).toEqual({ telegram: ['maxLength:50'] });
    expect((await update('t'.repeat(50))).errors).toBeUndefined();
  });
});
