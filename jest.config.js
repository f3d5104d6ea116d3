// Jest runs the TypeScript sources directly (SWC), as native ES modules like the built apps.
const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: {
    '^@app/(contracts|domain|platform|event-store|testing)$': '<rootDir>/libs/$1/src/index.ts',
    '^@app/modules/migrations$': '<rootDir>/libs/modules/src/migrations.ts',
    '^@app/modules/(.*)$': '<rootDir>/libs/modules/src/$1/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/web/'],
};

export default {
  testTimeout: 60_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/**/*.unit.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/*.int.spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/global-setup.mjs',
      globalTeardown: '<rootDir>/libs/testing/src/global-teardown.mjs',
      testTimeout: 60_000,
    },
  ],
};
