import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Stryker's sandboxes (npm run test:mutation) hold copies of the tests: never run them from here.
    exclude: [...configDefaults.exclude, '**/.stryker-tmp/**'],
  },
});
