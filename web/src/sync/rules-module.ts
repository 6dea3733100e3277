/** The contract checks behind loadSyncRules (rules.ts): never imported statically. */
export { checkMutation, seqGapSchema } from '@urs/sync-protocol';
