// The GraphQL endpoint: the contract from schema.graphql, the implemented resolvers, and a clear
// not_implemented error for every operation that has none yet.
import { readFileSync } from 'node:fs';
import { GraphQLScalarType, Kind } from 'graphql';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { Db } from './db/client';
import type { ServerConfig } from './config';
import type { IncomingMessage } from 'node:http';
import { findViewer, bearerToken, portalOrigin, type Context } from './context';
import { appError } from './errors';
import { tenantResolvers } from './modules/tenant';
import { memberResolvers } from './modules/member';
import { authResolvers } from './modules/auth';
import { appStateResolvers } from './modules/app-state';
import { registrationResolvers } from './modules/registration';
import { oauthResolvers } from './modules/oauth';
import { securityResolvers } from './modules/security';
import { profileResolvers } from './modules/profile';

export const typeDefs = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

type Resolver = (...args: never[]) => unknown;
type ResolverMap = Record<string, Record<string, Resolver>>;

const implemented: ResolverMap[] = [tenantResolvers, memberResolvers, authResolvers, appStateResolvers, registrationResolvers, oauthResolvers, securityResolvers, profileResolvers];

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

function operationNames(kind: 'Query' | 'Mutation'): string[] {
  const block = new RegExp(`type ${kind} \\{([\\s\\S]*?)\\n\\}`).exec(typeDefs)?.[1] ?? '';
  return [...block.matchAll(/^ {2}(\w+)[(:]/gm)].map((match) => match[1]!);
}

export function buildResolvers() {
  const merged: Record<string, Record<string, unknown>> = { Decimal, DateTime, JSON: JSONScalar } as never;
  for (const kind of ['Query', 'Mutation'] as const) {
    const target: Record<string, unknown> = {};
    for (const name of operationNames(kind)) {
      target[name] = () => {
        throw appError('not_implemented', `${name} is not implemented by this server yet.`);
      };
    }
    for (const group of implemented) Object.assign(target, group[kind] ?? {});
    merged[kind] = target;
  }
  return merged;
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
  return createYoga<{ req?: IncomingMessage }, Context>({
    schema: createSchema({ typeDefs, resolvers: buildResolvers() }),
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
