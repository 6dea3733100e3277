// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { RouteError } from '../components/ui/route-error.js';
import { createAppRouter } from './router.js';

describe('the app router', () => {
  it("shows the app's own screen, in the app's language, for any screen that fails", () => {
    expect(createAppRouter().options.defaultErrorComponent).toBe(RouteError);
  });
});
