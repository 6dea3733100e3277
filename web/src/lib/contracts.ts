/**
 * The schemas that check server answers outside the screens: who the user is, and what push
 * and pull return. Loaded with `import()` on first use (see loadContracts), so the validator is
 * not part of the first download: the login screen draws without it.
 */
export { pullResponseSchema, pushResponseSchema, userSchema } from '@urs/sync-protocol';
