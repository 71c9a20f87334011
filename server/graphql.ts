// The GraphQL endpoint: the contract from schema.graphql, the implemented resolvers (typed from the
// contract, server/generated/resolvers-types.ts), and a clear not_implemented error for every operation
// that has none yet. Every error leaves with extensions.category; unexpected ones are masked and logged
// without the values they failed on.
import { readFileSync } from 'node:fs';
import { GraphQLError, GraphQLScalarType, Kind, type GraphQLSchema } from 'graphql';
import { createSchema, createYoga, type CORSOptions, type Plugin } from 'graphql-yoga';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { Db } from './db/client';
import type { ServerConfig } from './config';
import type { IncomingMessage } from 'node:http';
import { createContext, requestHostSource, requireHostTenantUuids, tenantArguments, type Context } from './context';
import { appError, appErrorIn } from './errors';
import { createLogger } from './log';
import { refuseBadText } from './validation';
import type { ErrorCategory } from '../domain/app-error';
import { findTenantBySource } from './modules/shell/service';
import { shellResolvers } from './modules/shell/resolvers';
import { authResolvers } from './modules/auth/resolvers';
import { accountResolvers } from './modules/account/resolvers';
import { appStatusResolvers } from './modules/app-status/resolvers';
import { learningResolvers } from './modules/learning/resolvers';
import { shopResolvers } from './modules/shop/resolvers';
import { useStoreResponseCache } from './modules/shop/response-cache';
import { paymentsResolvers } from './modules/payments/resolvers';
import { walletResolvers } from './modules/wallet/resolvers';
import { tariffsResolvers } from './modules/tariffs/resolvers';
import { cmsResolvers } from './modules/cms/resolvers';
import { affiliatesResolvers } from './modules/affiliates/resolvers';
import { investmentsResolvers } from './modules/investments/resolvers';
import { merchantsResolvers } from './modules/merchants/resolvers';
import { crowdfundingResolvers } from './modules/crowdfunding/resolvers';
import { lotteriesResolvers } from './modules/lotteries/resolvers';
import { dealsResolvers } from './modules/deals/resolvers';
import { licensesResolvers } from './modules/licenses/resolvers';
import { roadmapResolvers } from './modules/roadmap/resolvers';
import { tradingResolvers } from './modules/trading/resolvers';
import { copyReadResolvers } from './modules/trading/copy-read-resolvers';
import { copyWriteResolvers } from './modules/trading/copy-write-resolvers';
import { registerInvoiceKinds } from './modules/invoice-kinds';
import type { Resolvers } from './generated/resolvers-types';

export const typeDefs = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

/** One resolver map per area (DESIGN §2): server/modules/<area>/resolvers.ts. */
const implemented: Resolvers[] = [
  shellResolvers,
  authResolvers,
  accountResolvers,
  appStatusResolvers,
  shopResolvers,
  paymentsResolvers,
  walletResolvers,
  learningResolvers,
  tariffsResolvers,
  cmsResolvers,
  affiliatesResolvers,
  investmentsResolvers,
  merchantsResolvers,
  crowdfundingResolvers,
  lotteriesResolvers,
  dealsResolvers,
  licensesResolvers,
  roadmapResolvers,
  tradingResolvers,
  copyReadResolvers,
  copyWriteResolvers,
];

/** Decimal values travel as strings so money never passes through a float. */
const Decimal = new GraphQLScalarType({
  name: 'Decimal',
  serialize: (value) => String(value),
  parseValue(value) {
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string' || !/^-?\d+(\.\d+)?$/.test(text)) throw new TypeError('Decimal must be a number string.');
    return text;
  },
  parseLiteral(ast) {
    if ((ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT) && /^-?\d+(\.\d+)?$/.test(ast.value)) {
      return ast.value;
    }
    throw new TypeError('Decimal must be a number string.');
  },
});

const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => String(value),
});

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: () => {
    throw new TypeError('JSON values must be sent as variables.');
  },
});

/** Every area's resolvers in one map; an operation implemented twice is a mistake, not an override. */
export function buildResolvers(): Resolvers {
  const merged: Resolvers = { Decimal, DateTime, JSON: JSONScalar };
  for (const group of implemented) {
    for (const [typeName, fields] of Object.entries(group)) {
      const target = ((merged as Record<string, object>)[typeName] ??= {}) as Record<string, unknown>;
      for (const [name, resolver] of Object.entries(fields as object)) {
        if (name in target) throw new Error(`${typeName}.${name} is resolved by two modules.`);
        target[name] = resolver;
      }
    }
  }
  return merged;
}

/**
 * Every operation first refuses text no form can type (null bytes, control characters, direction overrides)
 * as a validation error, then any whitelabel_uuid among its arguments (input objects included) that is not
 * the host's tenant (TenantMismatch, TenantNotFound), so no resolver runs for another tenant's uuid, whether
 * or not it remembers the check; operations of the contract without a resolver answer not_implemented, not null.
 */
export function guardOperations(schema: GraphQLSchema): GraphQLSchema {
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const resolve =
        field.resolve ??
        (() => {
          throw appError('not_implemented', `${field.name} is not implemented by this server yet.`);
        });
      field.resolve = (parent, args, context: Context, info) => {
        refuseBadText(args);
        const uuids = tenantArguments(args);
        if (uuids.length === 0) return resolve(parent, args, context, info);
        return requireHostTenantUuids(context, uuids).then(() => resolve(parent, args, context, info));
      };
    }
  }
  return schema;
}

const hasOriginalCause = (error: GraphQLError): boolean =>
  !error.originalError || (error.originalError instanceof GraphQLError && hasOriginalCause(error.originalError));

/**
 * The server's own errors keep their category; GraphQL's (wrong variable types, bad documents, query limits)
 * are validation errors; anything unexpected becomes a masked internal error (yoga logs the original).
 */
function maskError(error: unknown, message: string): Error {
  // Without a path the error is about the request, not a resolver: a scalar refusing a variable (a bad
  // Decimal) arrives as GraphQL's error around the scalar's TypeError.
  if (error instanceof GraphQLError && (error.path === undefined || hasOriginalCause(error))) {
    const extensions = error.extensions as Record<string, unknown>;
    // The same object back: yoga logs only errors that were replaced.
    extensions.category ??= 'validation' satisfies ErrorCategory;
    return error;
  }
  // The server's own error that the database driver wrapped (a stopping server refusing a query) keeps its shape.
  const own = appErrorIn(error instanceof GraphQLError ? error.originalError : error);
  if (own) return new GraphQLError(own.message, { path: error instanceof GraphQLError ? error.path : undefined, extensions: own.extensions });
  const category: ErrorCategory = 'internal';
  return new GraphQLError(message, {
    path: error instanceof GraphQLError ? error.path : undefined,
    extensions: { category },
  });
}

/** Errors GraphQL itself raises before execution (unknown fields, query limits) are validation errors too. */
const categorised: Plugin = {
  onResultProcess({ result }) {
    for (const single of Array.isArray(result) ? result : [result]) {
      const errors = (single as { errors?: readonly GraphQLError[] }).errors ?? [];
      for (const error of errors) {
        const extensions = error.extensions as Record<string, unknown> | undefined;
        if (extensions) extensions.category ??= 'validation' satisfies ErrorCategory;
      }
    }
  },
};

/**
 * CORS for calls from another origin: only a tenant's own address (its host source names a tenant) or an
 * origin listed in CORS_ORIGINS, and never with credentials (the portal sends a bearer token, not cookies).
 */
function corsFor(db: Db, config: ServerConfig) {
  return async (request: Request): Promise<CORSOptions> => {
    const origin = request.headers.get('origin');
    if (!origin) return false;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    // Same origin: nothing to allow.
    if (url.host === new URL(request.url).host) return false;
    const source = requestHostSource(request, config.hostSuffixes);
    const allowed = config.corsOrigins.includes(url.origin) || (source !== null && (await findTenantBySource(db, source)) !== undefined);
    return allowed
      ? { origin: [url.origin], credentials: false, methods: ['GET', 'POST'], allowedHeaders: ['content-type', 'authorization'], maxAge: 600 }
      : false;
  };
}

export function createGraphQL(db: Db, config: ServerConfig) {
  // What paying an invoice does is each area's; payments learns it here, with the resolvers.
  registerInvoiceKinds();
  const plugins: Plugin[] = [
    EnvelopArmorPlugin({
      maxDepth: { n: 8 },
      costLimit: { maxCost: 5000 },
      maxAliases: { n: 15 },
      maxDirectives: { n: 20 },
      maxTokens: { n: 3000 },
      blockFieldSuggestion: { enabled: config.production },
    }),
    categorised,
  ];
  if (config.production) plugins.push(useDisableIntrospection());
  plugins.push(useStoreResponseCache());
  return createYoga<{ req?: IncomingMessage }, Context>({
    schema: guardOperations(createSchema<Context>({ typeDefs, resolvers: buildResolvers() })),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: !config.production,
    // Never the original error in an answer, whatever NODE_ENV says.
    maskedErrors: { maskError, isDev: false },
    logging: createLogger(config.production ? 'warn' : 'info'),
    cors: corsFor(db, config),
    plugins,
    context: ({ request, req }) => createContext({ db, config, request, ip: req?.socket.remoteAddress ?? null }),
  });
}
