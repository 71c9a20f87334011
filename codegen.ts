import type { CodegenConfig } from '@graphql-codegen/cli';

// Client operations are typed from the contract; documentMode 'string' keeps the GraphQL parser out of
// the browser bundle.
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
  },
};

export default config;
