// Wallet: the transactions list (paged by cursor, filtered by type) and the balance history from the ledger,
// and withdrawals: the form's options, refusals (two-factor off, suspended, bad details, a spent code), a
// request that moves the amount from available to locked exactly once (20 parallel requests, repeated
// idempotency keys), and canceling a `new` request, once. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { ledgerEntries, sessions, tenants, users, wallets, withdrawals } from '../../server/db/schema';
import { hashToken } from '../../server/security/tokens';
import { newTotpSecret } from '../../server/security/totp';
import { startServer } from './harness';

let server: Awaited<ReturnType<typeof startServer>>;
let demoUuid: string;
let demoTenantId: number;

const gql = (query: string, variables: Record<string, unknown>, token?: string) => server.gql(query, variables, token);
const reasonOf = (answer: { errors?: { extensions?: Record<string, any> }[] }) => answer.errors?.[0]?.extensions?.reason;
const fieldsOf = (answer: { errors?: { extensions?: Record<string, any> }[] }) => answer.errors?.[0]?.extensions?.fields ?? {};

let memberCount = 0;
/** A fresh Demo Portal member with a session, two-factor on (unless told otherwise) and wallets. */
async function newMember(balances: Record<string, string>, options: { twofa?: boolean; overdue?: number; suspended?: boolean } = {}) {
  const n = (memberCount += 1);
  const [demo] = await server.db.select().from(users).where(eq(users.email, 'demo@example.com')).limit(1);
  const tag = `${Date.now()}-${n}`;
  const secret = newTotpSecret();
  const [member] = await server.db
    .insert(users)
    .values({
      tenantId: demoTenantId,
      email: `wallet-${tag}@example.com`,
      name: `Wallet Member ${n}`,
      passwordHash: demo!.passwordHash,
      refid: `wallet-${tag}`,
      referenceId: `WAL-${tag}`,
      emailVerifiedAt: new Date(),
      twofaSecret: options.twofa === false ? null : secret,
      twofaMethod: options.twofa === false ? null : 'google2fa',
      overdueTraderFeeInvoices: options.overdue ?? 0,
      accountStatus: options.suspended ? 'suspended' : 'active',
    })
    .returning();
  const token = `wallet-session-${tag}`;
  await server.db.insert(sessions).values({ userId: member!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  for (const [currency, amount] of Object.entries(balances)) {
    const [wallet] = await server.db.insert(wallets).values({ userId: member!.id, currency, available: amount }).returning();
    await server.db.insert(ledgerEntries).values({
      userId: member!.id,
      walletId: wallet!.id,
      currency,
      type: 'ADMIN_DEPOSIT',
      amount,
      balanceAfter: amount,
      entryKey: `opening:${wallet!.id}`,
    });
  }
  /** A code the server has not seen yet: the member's spent step is forgotten first. */
  const code = async () => {
    await server.db.update(users).set({ twofaLastStep: null }).where(eq(users.id, member!.id));
    return new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  };
  return { member: member!, token, code };
}

const withdrawalFields = 'id currency amount status method destination template_name cancelable created_at updated_at';
const request = (input: Record<string, unknown>, token: string, key?: string) =>
  gql(
    `mutation ($i: WithdrawalRequestInput!, $k: String) { requestWithdrawal(input: $i, idempotency_key: $k) { ${withdrawalFields} } }`,
    { i: input, k: key },
    token,
  );
const cancel = (id: string, token: string) => gql(`mutation ($id: ID!) { cancelWithdrawal(id: $id) { ${withdrawalFields} } }`, { id }, token);

const goodIban = 'DE89 3704 0044 0532 0130 00';
const ibanInput = (code: string, extra: Record<string, unknown> = {}) => ({
  currency: 'EUR',
  amount: '100.00',
  method: 'iban',
  holder_name: 'Wallet Member',
  iban: goodIban,
  bic: 'COBADEFFXXX',
  confirm_wallet_access: true,
  twofa_verification_code: code,
  ...extra,
});
const cryptoInput = (code: string, extra: Record<string, unknown> = {}) => ({
  currency: 'USDT',
  amount: '25',
  method: 'crypto',
  network: 'TRC20',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  confirm_wallet_access: true,
  twofa_verification_code: code,
  ...extra,
});

async function walletOf(userId: number, currency: string) {
  const [wallet] = await server.db.select().from(wallets).where(and(eq(wallets.userId, userId), eq(wallets.currency, currency)));
  return wallet!;
}

beforeAll(async () => {
  server = await startServer();
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
  const [demo] = await server.db.select().from(tenants).where(eq(tenants.uuid, demoUuid));
  demoTenantId = demo!.id;
});
afterAll(async () => {
  await server?.close();
});

async function demoToken(username = 'demo@example.com') {
  const login = await gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
    data: { username, password: 'Demo12345', whitelabel_uuid: demoUuid },
  });
  return login.data.login.access_token as string;
}

describe('demo data', () => {
  it('the demo member has a year of transactions that add up to the wallets, withdrawals in every status, two templates', async () => {
    const token = await demoToken();
    const answer = await gql(
      `{ walletTransactions(first: 100) { total data { type amount balance_after currency } }
         withdrawals(count: 50) { data { status currency amount template_name } paginatorInfo { total } }
         withdrawalOptions { templates { name type destination } currencies { currency available min_amount max_amount methods } twofa suspended automation wait_days_min wait_days_max }
         me { wallet_balance { currency available locked } } }`,
      {},
      token,
    );
    expect(answer.errors).toBeUndefined();
    const { walletTransactions, withdrawals: list, withdrawalOptions, me } = answer.data;
    expect(walletTransactions.total).toBeGreaterThan(100);
    expect(new Set(walletTransactions.data.map((row: { type: string }) => row.type)).size).toBeGreaterThan(5);
    expect(walletTransactions.data.every((row: { currency: string }) => row.currency !== 'BTC' && row.currency !== 'AIV')).toBe(true);
    expect(list.data.map((row: { status: string }) => row.status).sort()).toEqual(['canceled', 'completed', 'new', 'pending', 'requested']);
    expect(withdrawalOptions.templates.map((row: { name: string; type: string }) => `${row.name}:${row.type}`)).toEqual([
      'My USDT wallet:crypto',
      'Main bank account:iban',
    ]);
    expect(withdrawalOptions.templates[1].destination).toBe('IBAN •••• 3000');
    expect(withdrawalOptions).toMatchObject({ twofa: false, suspended: false, automation: false, wait_days_min: 1, wait_days_max: 3 });
    expect(withdrawalOptions.currencies.map((row: { currency: string }) => row.currency)).toEqual(['USDT', 'EUR', 'USD']);
    expect(withdrawalOptions.currencies[1]).toMatchObject({ min_amount: '20.00000000', methods: ['iban', 'swift'] });
    // The newest ledger row of each wallet carries the wallet's available balance.
    for (const wallet of me.wallet_balance.filter((row: { currency: string }) => ['USDT', 'EUR'].includes(row.currency))) {
      const newest = walletTransactions.data.find((row: { currency: string }) => row.currency === wallet.currency);
      expect(Number(newest.balance_after)).toBe(Number(wallet.available));
    }
  });
});

describe('transactions and balance history', () => {
  it('pages by cursor without gaps or repeats, filters by type, and refuses an unknown type', async () => {
    const token = await demoToken();
    const all = await gql(`{ walletTransactions(first: 100) { total data { id } } }`, {}, token);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: any = await gql(`query ($a: ID) { walletTransactions(first: 7, after: $a) { next_cursor data { id } } }`, { a: after }, token);
      seen.push(...page.data.walletTransactions.data.map((row: { id: string }) => row.id));
      after = page.data.walletTransactions.next_cursor;
    } while (after && seen.length < 400);
    expect(seen.length).toBe(all.data.walletTransactions.total);
    expect(new Set(seen).size).toBe(seen.length);
    const bonuses = await gql(`{ walletTransactions(type: "REFERRAL_BONUS") { total data { type } } }`, {}, token);
    expect(bonuses.data.walletTransactions.total).toBeGreaterThan(0);
    expect(bonuses.data.walletTransactions.data.every((row: { type: string }) => row.type === 'REFERRAL_BONUS')).toBe(true);
    expect(fieldsOf(await gql(`{ walletTransactions(type: "FREE_MONEY") { total } }`, {}, token))).toHaveProperty('type');
  });

  it('draws every range in its buckets and ends at the current balance', async () => {
    const token = await demoToken();
    const expected: Record<string, [number, number, string]> = { '7d': [7, 7, 'day'], '30d': [30, 30, 'day'], '3m': [13, 15, 'week'], '6m': [26, 28, 'week'], '12m': [12, 12, 'month'] };
    const usdt = await walletOf((await server.db.select().from(users).where(eq(users.email, 'demo@example.com')).limit(1))[0]!.id, 'USDT');
    for (const [range, [min, max, bucket]] of Object.entries(expected)) {
      const answer = await gql(`query ($r: String!) { balanceHistory(range: $r, currency: "USDT") { range bucket currency points { date balance realised_pnl deposit withdrawal affiliate_payout } } }`, { r: range }, token);
      expect(answer.errors).toBeUndefined();
      const history = answer.data.balanceHistory;
      expect(history.bucket).toBe(bucket);
      expect(history.points.length).toBeGreaterThanOrEqual(min);
      expect(history.points.length).toBeLessThanOrEqual(max);
      expect(Number(history.points.at(-1).balance)).toBe(Number(usdt.available));
    }
    const year = await gql(`{ balanceHistory(range: "12m") { currency points { realised_pnl affiliate_payout withdrawal } } }`, {}, token);
    expect(year.data.balanceHistory.currency).toBe('USDT');
    expect(year.data.balanceHistory.points.some((point: { withdrawal: string }) => Number(point.withdrawal) < 0)).toBe(true);
    expect(year.data.balanceHistory.points.some((point: { affiliate_payout: string }) => Number(point.affiliate_payout) > 0)).toBe(true);
    expect(fieldsOf(await gql(`{ balanceHistory(range: "2y") { range } }`, {}, token))).toHaveProperty('range');
  });

  it('answers only the signed-in member', async () => {
    const anonymous = await gql(`{ walletTransactions { total } }`, {});
    expect(anonymous.errors?.[0]?.message).toBe('Unauthenticated.');
    expect(anonymous.data).toBeNull();
    const { token } = await newMember({ USDT: '10' });
    const answer = await gql(`{ walletTransactions { total data { amount } } withdrawals { paginatorInfo { total } } }`, {}, token);
    expect(answer.data.walletTransactions).toMatchObject({ total: 1, data: [{ amount: '10.00000000' }] });
    expect(answer.data.withdrawals.paginatorInfo.total).toBe(0);
  });
});

describe('withdrawal refusals', () => {
  it('needs two-factor on', async () => {
    const { token } = await newMember({ EUR: '500' }, { twofa: false });
    expect(reasonOf(await request(ibanInput('123456'), token))).toBe('TwoFaRequired');
  });

  it('is suspended while invoices are overdue', async () => {
    const { token, code } = await newMember({ EUR: '500' }, { overdue: 1 });
    expect((await gql(`{ withdrawalOptions { suspended suspended_reason } }`, {}, token)).data.withdrawalOptions).toEqual({ suspended: true, suspended_reason: 'overdue_invoices' });
    expect(reasonOf(await request(ibanInput(await code()), token))).toBe('WithdrawalsSuspended');
  });

  it('is suspended while the account is suspended (spec §3: a suspended member moves no money out)', async () => {
    const { member, token, code } = await newMember({ EUR: '500' }, { suspended: true });
    expect((await gql(`{ withdrawalOptions { suspended suspended_reason } }`, {}, token)).data.withdrawalOptions).toEqual({ suspended: true, suspended_reason: 'account' });
    const refused = await request(ibanInput(await code()), token);
    expect(reasonOf(refused)).toBe('WithdrawalsSuspended');
    expect(refused.errors![0]!.message).toBe('Withdrawals are suspended because your account is suspended.');
    expect((await walletOf(member.id, 'EUR')).available).toBe('500.00000000');
  });

  it('names every bad field: IBAN, BIC, amount bounds, access confirmation, Ukrainian tax number, SWIFT account', async () => {
    const { member, token, code } = await newMember({ EUR: '500', USDT: '50' });
    const badIban = await request(ibanInput(await code(), { iban: 'DE89 3704 0044 0532 0130 01' }), token);
    expect(fieldsOf(badIban)).toEqual({ iban: ['This IBAN is not valid.'] });
    const many = await request(ibanInput(await code(), { amount: '5', bic: 'NOPE', confirm_wallet_access: false }), token);
    expect(Object.keys(fieldsOf(many)).sort()).toEqual(['amount', 'bic', 'confirm_wallet_access']);
    expect(fieldsOf(await request(ibanInput(await code(), { amount: '6000' }), token)).amount).toEqual(['The largest withdrawal is 5000.00000000.']);
    expect(fieldsOf(await request(ibanInput(await code(), { amount: '20.123' }), token))).toHaveProperty('amount');
    const ukrainian = await request(ibanInput(await code(), { iban: 'UA21 3223 1300 0002 6007 2335 6600 1' }), token);
    expect(fieldsOf(ukrainian)).toHaveProperty('tax_id');
    const swift = await request(ibanInput(await code(), { method: 'swift', swift: 'COBADEFF', account_number: '12ab', bank_name: 'Commerzbank' }), token);
    expect(fieldsOf(swift)).toHaveProperty('account_number');
    expect(fieldsOf(await request(cryptoInput(await code(), { address: '0x123' }), token))).toHaveProperty('address');
    expect(fieldsOf(await request(ibanInput(await code(), { template_id: '999999' }), token))).toHaveProperty('template_id');
    expect(reasonOf(await request(cryptoInput(await code(), { amount: '60' }), token))).toBe('InsufficientBalance');
    // Nothing moved.
    expect((await walletOf(member.id, 'EUR')).available).toBe('500.00000000');
    expect((await walletOf(member.id, 'USDT')).locked).toBe('0.00000000');
  });

  it('refuses a replayed code as used, without counting it as a guess: 20 parallel requests with one code make one withdrawal and no lockout', async () => {
    const { member, token, code } = await newMember({ USDT: '500' });
    const one = await code();
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(cryptoInput(one), token)));
    expect(answers.filter((answer) => !answer.errors)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.errors);
    expect(refused.map((answer) => answer.errors![0]!.extensions?.codes)).toEqual(refused.map(() => ({ twofa_verification_code: ['codeUsed'] })));
    // Not locked out: the next code still makes a withdrawal.
    expect((await request(cryptoInput(await code()), token)).errors).toBeUndefined();
    expect((await walletOf(member.id, 'USDT')).locked).toBe('50.00000000');
  });

  it('accepts a two-factor code once and refuses a wrong one', async () => {
    const { member, token, code } = await newMember({ USDT: '500' });
    const first = await code();
    expect((await request(cryptoInput(first), token)).errors).toBeUndefined();
    expect(reasonOf(await request(cryptoInput(first), token))).toBe('TwoFaCodeError');
    const wrong = await request(cryptoInput(first === '000000' ? '111111' : '000000'), token);
    expect(reasonOf(wrong)).toBe('TwoFaCodeError');
    // The field's code beside the English text, so the form shows its own words under the code field.
    expect(wrong.errors![0]!.extensions?.codes).toEqual({ twofa_verification_code: ['code'] });
    expect((await walletOf(member.id, 'USDT')).locked).toBe('25.00000000');
  });
});

describe('a withdrawal request', () => {
  it('moves the amount from available to locked with one WITHDRAWAL row, and saves a template', async () => {
    const { member, token, code } = await newMember({ EUR: '500' });
    const answer = await request(ibanInput(await code(), { save_template_name: 'Savings' }), token);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.requestWithdrawal).toMatchObject({ status: 'new', amount: '100.00000000', method: 'iban', destination: 'IBAN •••• 3000', template_name: 'Savings', cancelable: true });
    const wallet = await walletOf(member.id, 'EUR');
    expect([wallet.available, wallet.locked]).toEqual(['400.00000000', '100.00000000']);
    const rows = await server.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, member.id), eq(ledgerEntries.type, 'WITHDRAWAL')));
    expect(rows.map((row) => [row.amount, row.balanceAfter])).toEqual([['-100.00000000', '400.00000000']]);
    const options = await gql(`{ withdrawalOptions { templates { id name type } } }`, {}, token);
    const saved = options.data.withdrawalOptions.templates[0];
    expect(saved).toMatchObject({ name: 'Savings', type: 'iban' });
    // The template pays out again (its details are the saved ones), and its name cannot be taken twice.
    const again = await request({ currency: 'EUR', amount: '50', template_id: saved.id, confirm_wallet_access: true, twofa_verification_code: await code() }, token);
    expect(again.data.requestWithdrawal).toMatchObject({ destination: 'IBAN •••• 3000', template_name: 'Savings' });
    expect(fieldsOf(await request(ibanInput(await code(), { save_template_name: 'savings' }), token))).toEqual({ save_template_name: ['You already have a template with this name.'] });
    expect((await walletOf(member.id, 'EUR')).available).toBe('350.00000000');
  });

  it('20 parallel requests with one idempotency key make one withdrawal and one debit', async () => {
    const { member, token, code } = await newMember({ USDT: '1000' });
    const input = cryptoInput(await code());
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(input, token, 'withdraw-once')));
    const ids = new Set(answers.filter((answer) => !answer.errors).map((answer) => answer.data.requestWithdrawal.id));
    expect(ids.size).toBe(1);
    const made = await server.db.select().from(withdrawals).where(eq(withdrawals.userId, member.id));
    expect(made).toHaveLength(1);
    const wallet = await walletOf(member.id, 'USDT');
    expect([wallet.available, wallet.locked]).toEqual(['975.00000000', '25.00000000']);
    const debits = await server.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, member.id), eq(ledgerEntries.type, 'WITHDRAWAL')));
    expect(debits).toHaveLength(1);
    // The key with other arguments is refused; the same arguments answer the first request.
    expect(reasonOf(await request(cryptoInput(await code(), { amount: '30' }), token, 'withdraw-once'))).toBe('IdempotencyKeyReused');
    expect((await request(input, token, 'withdraw-once')).data.requestWithdrawal.id).toBe([...ids][0]);
  });

  it('20 parallel requests with one code and different keys: one passes, the balance moves once', async () => {
    const { member, token, code } = await newMember({ USDT: '1000' });
    const shared = await code();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => request(cryptoInput(shared), token, `key-${index}`)));
    expect(answers.filter((answer) => !answer.errors)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errors).every((answer) => ['TwoFaCodeError', 'TooManyAttempts'].includes(reasonOf(answer)))).toBe(true);
    expect((await walletOf(member.id, 'USDT')).locked).toBe('25.00000000');
  });

  it('never locks more than the wallet holds, whatever the parallel requests', async () => {
    const { member, token } = await newMember({ USDT: '60' });
    const secret = (await server.db.select().from(users).where(eq(users.id, member.id)))[0]!.twofaSecret!;
    // Three codes of adjacent steps are all valid once: three requests of 25 race for 60.
    const codes = [-1, 0, 1].map((steps) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 }));
    const answers = await Promise.all(codes.map((one, index) => request(cryptoInput(one), token, `race-${index}`)));
    const wallet = await walletOf(member.id, 'USDT');
    const made = answers.filter((answer) => !answer.errors).length;
    expect(Number(wallet.locked)).toBe(made * 25);
    expect(Number(wallet.available) + Number(wallet.locked)).toBe(60);
    expect(made).toBeLessThanOrEqual(2);
  });

  it('goes to the payout at once (requested) with the tenant\'s withdrawal_automation', async () => {
    const [tenant] = await server.db.select().from(tenants).where(eq(tenants.id, demoTenantId));
    const flags = tenant!.flags;
    await server.db.update(tenants).set({ flags: { ...flags, withdrawal_automation: true } }).where(eq(tenants.id, demoTenantId));
    try {
      const { token, code } = await newMember({ USDT: '100' });
      const answer = await request(cryptoInput(await code()), token);
      expect(answer.data.requestWithdrawal).toMatchObject({ status: 'requested', cancelable: false });
      expect(reasonOf(await cancel(answer.data.requestWithdrawal.id, token))).toBe('WithdrawalNotCancelable');
    } finally {
      await server.db.update(tenants).set({ flags }).where(eq(tenants.id, demoTenantId));
    }
  });
});

describe('canceling', () => {
  it('gives a new request back once, even in parallel; others\' withdrawals are not found', async () => {
    const { member, token, code } = await newMember({ USDT: '100' });
    const made = (await request(cryptoInput(await code()), token)).data.requestWithdrawal;
    const other = await newMember({ USDT: '1' });
    expect(reasonOf(await cancel(made.id, other.token))).toBe('WithdrawalNotFound');
    const answers = await Promise.all(Array.from({ length: 20 }, () => cancel(made.id, token)));
    expect(answers.every((answer) => answer.data?.cancelWithdrawal.status === 'canceled')).toBe(true);
    const wallet = await walletOf(member.id, 'USDT');
    expect([wallet.available, wallet.locked]).toEqual(['100.00000000', '0.00000000']);
    const refunds = await server.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, member.id), eq(ledgerEntries.type, 'WITHDRAWAL_CANCELED')));
    expect(refunds).toHaveLength(1);
    const list = await gql(`{ withdrawals(status: "canceled") { data { id cancelable } paginatorInfo { total } } }`, {}, token);
    expect(list.data.withdrawals).toMatchObject({ data: [{ id: made.id, cancelable: false }], paginatorInfo: { total: 1 } });
  });
});

describe("a transaction's note figures (issue 33)", () => {
  const rowsOf = async (token: string) =>
    (await gql(`{ walletTransactions(first: 20) { data { type note details { invoice_tag subject count ref reason } } } }`, {}, token)).data.walletTransactions
      .data as { type: string; note: string | null; details: Record<string, unknown> }[];

  it('a withdrawal and its cancel name the withdrawal; the English note stays for other clients', async () => {
    const { token, code } = await newMember({ USDT: '100' });
    const made = (await request(cryptoInput(await code()), token)).data.requestWithdrawal;
    await cancel(made.id, token);
    const rows = await rowsOf(token);
    const blank = { invoice_tag: null, subject: null, count: null, ref: null, reason: null };
    expect(rows.find((row) => row.type === 'WITHDRAWAL')).toEqual({ type: 'WITHDRAWAL', note: `Withdrawal #${made.id}`, details: { ...blank, ref: made.id } });
    expect(rows.find((row) => row.type === 'WITHDRAWAL_CANCELED')?.details).toEqual({ ...blank, ref: made.id });
    // A row written without figures answers every field null, never a missing object.
    expect(rows.find((row) => row.type === 'ADMIN_DEPOSIT')?.details).toEqual(blank);
  });

  it("the demo member's rows carry their figures: the opening balance, purchases by name, withdrawals by id", async () => {
    const token = await demoToken();
    const answer = await gql(
      `{ invoices: walletTransactions(type: "INVOICE", first: 50) { data { details { subject } } }
         withdrawn: walletTransactions(type: "WITHDRAWAL", first: 50) { data { details { ref } } }
         opening: walletTransactions(type: "ADMIN_DEPOSIT", first: 5) { data { details { reason } } } }`,
      {},
      token,
    );
    expect(answer.errors).toBeUndefined();
    const { invoices, withdrawn } = answer.data as Record<string, { data: { details: { subject?: string; ref?: string } }[] }>;
    expect(invoices!.data.length).toBeGreaterThan(0);
    expect(invoices!.data.every((row) => row.details.subject)).toBe(true);
    expect(withdrawn!.data.length).toBeGreaterThan(0);
    expect(withdrawn!.data.every((row) => /^\d+$/.test(row.details.ref ?? ''))).toBe(true);
    expect(answer.data.opening.data.map((row: { details: { reason: string } }) => row.details.reason)).toContain('opening_balance');
  });
});
