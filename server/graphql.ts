// The GraphQL endpoint: the contract from schema.graphql, the implemented resolvers (typed from the
// contract, server/generated/resolvers-types.ts), and a clear not_implemented error for every operation
// that has none yet.
import { readFileSync } from 'node:fs';
import { GraphQLScalarType, Kind, type GraphQLSchema } from 'graphql';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { Db } from './db/client';
import type { ServerConfig } from './config';
import type { IncomingMessage } from 'node:http';
import { findViewer, bearerToken, portalOrigin, type Context } from './context';
import { appError } from './errors';
import { shellResolvers } from './modules/shell/resolvers';
import { authResolvers } from './modules/auth/resolvers';
import { accountResolvers } from './modules/account/resolvers';
import { appStatusResolvers } from './modules/app-status/resolvers';
import { shopResolvers } from './modules/shop/resolvers';
import { useStoreResponseCache } from './modules/shop/response-cache';
import { paymentsResolvers } from './modules/payments/resolvers';
import { walletResolvers } from './modules/wallet/resolvers';
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

/** Operations of the contract without a resolver answer not_implemented rather than null. */
function answerNotImplemented(schema: GraphQLSchema): GraphQLSchema {
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      field.resolve ??= () => {
        throw appError('not_implemented', `${field.name} is not implemented by this server yet.`);
      };
    }
  }
  return schema;
}

export function createGraphQL(db: Db, config: ServerConfig) {
  const plugins: Plugin[] = [
    EnvelopArmorPlugin({
      maxDepth: { n: 8 },
      costLimit: { maxCost: 5000 },
      maxAliases: { n: 15 },
      maxDirectives: { n: 20 },
      maxTokens: { n: 3000 },
      blockFieldSuggestion: { enabled: config.production },
    }),
  ];
  if (config.production) plugins.push(useDisableIntrospection());
  plugins.push(useStoreResponseCache());
  return createYoga<{ req?: IncomingMessage }, Context>({
    schema: answerNotImplemented(createSchema<Context>({ typeDefs, resolvers: buildResolvers() })),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: !config.production,
    maskedErrors: true,
    logging: config.production ? 'warn' : 'info',
    plugins,
    context: async ({ request, req }) => ({
      db,
      config,
      request,
      hasToken: bearerToken(request) !== null,
      viewer: await findViewer(db, request),
      ip: req?.socket.remoteAddress ?? null,
      portalOrigin: portalOrigin(request),
    }),
  });
}
