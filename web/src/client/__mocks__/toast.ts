import { vi } from 'vitest';

/* What `vi.mock('…/client/toast.js')` gives a test: every toast a spy, nothing shown. */
export const toast = { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
