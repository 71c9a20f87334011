// A token works only on its tenant, and a whitelabel_uuid only on its tenant's address: every query and
// mutation of server/schema.graphql, walked from the schema itself with variables made from each argument's
// type, is called (a) with a Demo Portal member's token on Acme's host and (b) on the Demo Portal's host with
// Acme's whitelabel_uuid. An operation that reads the member must refuse the demo token on Acme as it refuses
// an invalid token; one that ignores tokens must answer it as it answers an invalid token; one that takes a
// whitelabel_uuid must refuse Acme's on the demo host (TenantMismatch). An operation that neither takes a
// uuid nor reads the member is listed below with the reason, so a new operation without the binding fails
// here. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  buildSchema,
  getNamedType,
  isCompositeType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { typeDefs } from '../../server/graphql';
import { tenants } from '../../server/db/schema';
import { startServer, type GraphQLAnswer } from './harness';
import { graphqlAs } from './requests';
import { newMember } from './members';

/**
 * Operations that take no whitelabel_uuid and read no member, with why that is safe. Nothing else may be
 * here: the walk fails for a listed operation that takes a uuid or reads the member.
 */
const unboundOperations: Record<string, string> = {
  appState: 'the platform’s status and version, the same for every tenant and every visitor',
  coinPaymentsConfig: 'the platform’s CoinPayments coin list, the same for every tenant',
  cpayConfig: 'the platform’s Cpay network list, the same for every tenant',
};

/** Arguments that name a tenant under another name than whitelabel_uuid. */
const tenantArgumentsByOperation: Record<string, string[]> = { whiteLabel: ['uuid'] };

/** Values for the few arguments whose rule depends on the operation, sent even where optional. */
const argumentsByOperation: Record<string, Record<string, unknown>> = {
  oauthLogin: { code: 'an-authorisation-code-never-issued' },
  // A code or a link token is needed; the code goes.
  verifyEmail: { code: '123456' },
  reportInvoiceTransfer: { transfer_method: 'account' },
};

const schema = buildSchema(typeDefs);

interface Operation {
  kind: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
}

const operations: Operation[] = [
  ...Object.values(schema.getQueryType()!.getFields()).map((field) => ({ kind: 'query' as const, field })),
  ...Object.values(schema.getMutationType()!.getFields()).map((field) => ({ kind: 'mutation' as const, field })),
];

/** Whether an argument's type holds a whitelabel_uuid (itself, or a field of its input object). */
function holdsTenant(name: string, type: GraphQLInputType): boolean {
  if (name === 'whitelabel_uuid') return true;
  const named = getNamedType(type);
  return isInputObjectType(named) && Object.values(named.getFields()).some((field) => holdsTenant(field.name, field.type));
}

const tenantArguments = ({ field }: Operation) =>
  field.args.filter((arg) => holdsTenant(arg.name, arg.type) || tenantArgumentsByOperation[field.name]?.includes(arg.name));

/** Who a call is made for: the tenant its uuids name and the member its user uuids name. */
interface Subject {
  tenantUuid: string;
  memberUuid: string;
}

let serial = 0;

/** A value the operation's validation accepts for an argument, by its name and type. */
function scalarFor(name: string, typeName: string, subject: Subject): unknown {
  if (typeName === 'Int') return 1;
  if (typeName === 'Boolean') return false;
  if (typeName === 'Decimal') return '10';
  if (typeName === 'JSON') return {};
  if (name === 'whitelabel_uuid' || (name === 'uuid' && typeName === 'ID')) return subject.tenantUuid;
  if (name === 'user_uuid') return subject.memberUuid;
  if (typeName === 'ID') return name.endsWith('uuid') ? '00000000-0000-4000-8000-000000000001' : '1';
  if (name === 'email' || name === 'username') return `binding-${(serial += 1)}-${Date.now()}@example.com`;
  if (name === 'password') return 'Demo12345';
  if (name === 'lang' || name === 'language') return 'en';
  if (name === 'method') return 'google2fa';
  if (name.endsWith('_code')) return '123456';
  if (name === 'wallet_address') return `0x${'ab'.repeat(20)}`;
  if (name === 'currency') return 'USDT';
  if (name === 'module') return 'products';
  if (name === 'range') return '1m';
  if (name === 'billing_cycle') return 'monthly';
  if (name === 'anonymous_id') return 'binding-guest-0123456789';
  if (name === 'token') return 'a-link-token-that-was-never-mailed';
  if (name === 'redirect_uri') return 'http://acme.localhost/sso';
  return 'probe';
}

function valueFor(name: string, type: GraphQLInputType, subject: Subject): unknown {
  if (isNonNullType(type)) return valueFor(name, type.ofType, subject);
  if (isListType(type)) return [valueFor(name, type.ofType, subject)];
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((field) => isNonNullType(field.type) || holdsTenant(field.name, field.type))
        .map((field) => [field.name, valueFor(field.name, field.type, subject)]),
    );
  }
  return scalarFor(name, getNamedType(type).name, subject);
}

/**
 * The operation as a document with one variable per argument it sends: every required one, every tenant one
 * and those of argumentsByOperation.
 */
function callOf(operation: Operation, subject: Subject) {
  const { field } = operation;
  const fixed = argumentsByOperation[field.name] ?? {};
  const sent = field.args.filter((arg) => isNonNullType(arg.type) || tenantArguments(operation).includes(arg) || arg.name in fixed);
  const declared = sent.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = sent.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  const query = `${operation.kind} Probe${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection} }`;
  const variables = Object.fromEntries(sent.map((arg) => [arg.name, arg.name in fixed ? fixed[arg.name] : valueFor(arg.name, arg.type, subject)]));
  return { query, variables };
}

/** What a call came to: its error's category and reason, or that it answered. */
const outcomeOf = (answer: GraphQLAnswer) => {
  const error = answer.errors?.[0];
  if (!error) return 'answered';
  return [error.extensions?.category, error.extensions?.reason].filter(Boolean).join(':');
};

let server: Awaited<ReturnType<typeof startServer>>;
let demo: typeof tenants.$inferSelect;
let acme: typeof tenants.$inferSelect;
let atDemo: ReturnType<typeof graphqlAs>;
let atAcme: ReturnType<typeof graphqlAs>;

/** A fresh Demo Portal member with a live session (a call may sign it out or change it). */
async function demoMember() {
  const { member, token } = await newMember(server.db, { tenantId: demo.id, prefix: 'binding' });
  return { token, subject: (tenantUuid: string): Subject => ({ tenantUuid, memberUuid: member.uuid }) };
}

const invalidToken = 'not-a-session-of-any-tenant';
const nobody: Omit<Subject, 'tenantUuid'> = { memberUuid: '00000000-0000-4000-8000-000000000002' };

beforeAll(async () => {
  server = await startServer();
  const rows = await server.db.select().from(tenants);
  demo = rows.find((row) => row.subdomain === 'localhost')!;
  acme = rows.find((row) => row.subdomain === 'acme')!;
  atDemo = graphqlAs(server.db, { host: 'localhost:8080', origin: 'http://localhost:8080' });
  atAcme = graphqlAs(server.db, { host: 'acme.localhost:8080', origin: 'http://acme.localhost:8080' });
});
afterAll(() => server?.close());

describe('every operation of the schema is bound to the host’s tenant', () => {
  it('the walk covers the whole schema, and the list of unbound operations names only operations of it', () => {
    expect(operations.length).toBeGreaterThan(70);
    const names = new Set(operations.map(({ field }) => field.name));
    expect(Object.keys(unboundOperations).filter((name) => !names.has(name))).toEqual([]);
  });

  for (const operation of operations) {
    const { name } = operation.field;
    const takesTenant = tenantArguments(operation).length > 0;
    const title = takesTenant
      ? `${operation.kind} ${name}: a demo token on acme's host is no member there, and acme's uuid on the demo host is TenantMismatch`
      : `${operation.kind} ${name}: a demo token on acme's host is no member there${unboundOperations[name] ? ` (unbound: ${unboundOperations[name]})` : ''}`;

    it(title, async () => {
      // An invalid token tells whether the operation reads the member: it is then an expired session.
      const invalid = callOf(operation, { tenantUuid: demo.uuid, ...nobody });
      const invalidOutcome = outcomeOf(await atDemo(invalid.query, invalid.variables, invalidToken));
      // The variables pass the operation's field validation (a named outcome such as InvalidLink is past it),
      // so the calls below reach its checks.
      expect(invalidOutcome, 'the walk’s variables fail validation').not.toBe('validation');
      const readsMember = invalidOutcome === 'authentication';

      // (a) The demo member's token on acme's host, with acme's own uuid: only the token is foreign.
      const foreign = await demoMember();
      const onAcme = callOf(operation, foreign.subject(acme.uuid));
      const foreignAnswer = await atAcme(onAcme.query, onAcme.variables, foreign.token);
      if (readsMember) {
        expect(outcomeOf(foreignAnswer), 'the demo token acts on acme').toBe('authentication');
        expect(foreignAnswer.data?.[name] ?? null).toBeNull();
        // The same call with the token on its own host gets past the member check: the refusal above is the
        // tenant's binding, not variables that could never work.
        const own = await demoMember();
        const onDemo = callOf(operation, own.subject(demo.uuid));
        expect(outcomeOf(await atDemo(onDemo.query, onDemo.variables, own.token)), 'the demo token fails on its own host').not.toBe(
          'authentication',
        );
      } else {
        // A call that ignores tokens answers the demo token on acme as it answers an invalid one.
        const withInvalid = callOf(operation, { tenantUuid: acme.uuid, ...nobody });
        const invalidAnswer = await atAcme(withInvalid.query, withInvalid.variables, invalidToken);
        expect(outcomeOf(foreignAnswer)).toBe(outcomeOf(invalidAnswer));
        if (operation.kind === 'query') expect(foreignAnswer.data).toEqual(invalidAnswer.data);
      }

      // (b) Acme's uuid on the demo host, with a live demo session: only the uuid is foreign.
      if (takesTenant) {
        const member = await demoMember();
        const crossing = callOf(operation, member.subject(acme.uuid));
        const answer = await atDemo(crossing.query, crossing.variables, member.token);
        expect(answer.errors?.[0]?.extensions, 'acme’s uuid is used on the demo host').toMatchObject({
          category: 'forbidden',
          reason: 'TenantMismatch',
        });
        expect(answer.data?.[name] ?? null).toBeNull();
      }

      // What is neither bound by a uuid nor by the member is listed with its reason, and only that.
      expect(
        { takesTenant, readsMember, listed: name in unboundOperations },
        takesTenant || readsMember ? `${name} is bound: take it off the unbound list` : `${name} is unbound: bind it, or list it with the reason`,
      ).toEqual({ takesTenant, readsMember, listed: !takesTenant && !readsMember });
    });
  }

  it('whiteLabel answers the host’s tenant by its source, and refuses another tenant’s source or uuid', async () => {
    expect((await atDemo(`{ whiteLabel(source: "localhost") { uuid } }`)).data?.whiteLabel?.uuid).toBe(demo.uuid);
    expect((await atAcme(`{ whiteLabel(source: "acme") { uuid } }`)).data?.whiteLabel?.uuid).toBe(acme.uuid);
    expect(outcomeOf(await atDemo(`{ whiteLabel(source: "acme") { uuid } }`))).toBe('forbidden:TenantMismatch');
    expect(outcomeOf(await atAcme(`query ($u: ID) { whiteLabel(uuid: $u) { uuid } }`, { u: demo.uuid }))).toBe('forbidden:TenantMismatch');
    expect((await atDemo(`{ whiteLabel(source: "nobody") { uuid } }`)).data?.whiteLabel).toBeNull();
  });

  it('acme’s uuid spelled as PostgreSQL also reads it (capitals, braces, no hyphens) is refused on the demo host', async () => {
    const { token } = await demoMember();
    const digits = acme.uuid.replace(/-/g, '');
    for (const spelling of [acme.uuid.toUpperCase(), `{${acme.uuid}}`, digits]) {
      const answer = await atDemo(`query ($w: ID!) { moduleCms(whitelabel_uuid: $w) { id } }`, { w: spelling }, token);
      expect(outcomeOf(answer), spelling).toBe('forbidden:TenantMismatch');
    }
    // The demo tenant's store read with acme's uuid is refused before the store's response cache answers.
    const products = `query ($w: ID!) { moduleProducts(whitelabel_uuid: $w) { id } }`;
    expect(outcomeOf(await atDemo(products, { w: demo.uuid }, token))).toBe('answered');
    expect(outcomeOf(await atDemo(products, { w: acme.uuid }, token))).toBe('forbidden:TenantMismatch');
  });

  it('a host whose source two tenants answer to is no tenant’s: a session there is refused', async () => {
    const { token } = await demoMember();
    expect(outcomeOf(await atDemo(`{ me { uuid } }`, undefined, token))).toBe('answered');
    // acme's domain set to the demo tenant's subdomain: "localhost" now names two tenants.
    await server.db.update(tenants).set({ domain: 'localhost' }).where(eq(tenants.id, acme.id));
    try {
      expect(outcomeOf(await atDemo(`{ me { uuid } }`, undefined, token))).toBe('authentication');
      expect(outcomeOf(await atDemo(`query ($w: ID!) { moduleCms(whitelabel_uuid: $w) { id } }`, { w: demo.uuid }))).toBe(
        'forbidden:TenantMismatch',
      );
    } finally {
      await server.db.update(tenants).set({ domain: acme.domain }).where(eq(tenants.id, acme.id));
    }
  });
});
