import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, type Mock } from 'vitest';
import { initI18n } from '../lib/i18n.js';

/**
 * A component test file's frame: the app's Indonesian texts before its tests; after each, the
 * rendered DOM removed and `mocks` reset so no answer leaks into the next test.
 */
export function useIndonesianComponents(...mocks: Mock[]): void {
  beforeAll(() => {
    initI18n('id');
  });
  afterEach(() => {
    cleanup();
    for (const mock of mocks) mock.mockReset();
  });
}
