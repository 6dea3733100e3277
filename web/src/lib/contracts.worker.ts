/// <reference lib="webworker" />
import { runCheck } from './contracts.js';
import type { ContractReply, ContractMessage } from './contract-check.js';

/*
 * Reads and checks the server's sync and session answers off the main thread: building zod's
 * schemas at start (about 70 ms of one task on a slow machine, several times that on a phone)
 * and checking a pull page of a first sync no longer hold up the screen.
 */
declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<ContractMessage>) => {
  const { id, request } = event.data;
  const reply: ContractReply = { id, outcome: runCheck(request) };
  self.postMessage(reply);
};
