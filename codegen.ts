import type { CodegenConfig } from '@graphql-codegen/cli';

// One contract, two generated sides (DESIGN §6): client operations typed from it (documentMode 'string'
// keeps the GraphQL parser out of the browser bundle), and the server's resolver signatures, so a resolver
// with wrong arguments or a wrong answer fails `tsc`.
const config: CodegenConfig = {
  schema: './server/schema.graphql',
  documents: ['src/api/**/*.ts', '!src/api/generated/**'],
  ignoreNoDocuments: false,
  generates: {
    './src/api/generated/': {
      preset: 'client',
      config: {
        documentMode: 'string',
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: { Decimal: 'string', DateTime: 'string', JSON: 'unknown' },
      },
      presetConfig: { fragmentMasking: false },
    },
    './server/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        contextType: '../context#Context',
        // What resolvers return: Decimal strings (never floats), dates as Date or ISO text (the scalar
        // serialises both), ids as the numbers or uuids the tables hold.
        scalars: {
          ID: { input: 'string', output: 'string | number' },
          Decimal: 'string',
          DateTime: { input: 'string', output: 'string | Date' },
          JSON: 'unknown',
        },
        // Internal values a resolver hands on to field resolvers instead of the finished GraphQL object.
        mappers: {
          LoginResult: '../modules/auth/sessions#SessionGrant',
          Strategy: '../modules/trading/strategy-row#StrategyParent',
          Connection: '../modules/trading/connection-view#ConnectionParent',
          ExchangeAccount: '../modules/trading/service#AccountParent',
        },
      },
    },
  },
};

export default config;
