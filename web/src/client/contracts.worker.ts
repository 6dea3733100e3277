/// <reference lib="webworker" />
import { runCheck } from './contracts.js';
import type { ContractReply, ContractMessage } from './contract-types.js';

/*
 * Reads and checks the server's sync and session answers off the main thread: building zod's
 * schemas at start (about 70 ms of one task on a slow machine, several times that on a phone)
 * and checking a pull page of a first sync no longer hold up the screen.
 */
declare const self: DedicatedWorkerGlobalScope;

let intlWarmScheduled = false;

/**
 * The first Intl formatter a renderer process builds loads ICU's data (25-90 ms in one task on
 * a slow machine); ICU's data is the process's, shared by its threads, so paid here the page's
 * first date or number costs under a millisecond instead of a long task on the main thread.
 * Done after the first answer (the session's, which the screen waits for), in Indonesian, the
 * app's default: the part of the cost that is the language's own is small.
 */
function warmIntl(): void {
  try {
    new Intl.NumberFormat('id-ID').format(0);
    new Intl.DateTimeFormat('id-ID', { dateStyle: 'medium', timeStyle: 'short' }).format(0);
  } catch {
    // Without Intl the page's own formatters fail the same way, where it can say so.
  }
}

self.onmessage = (event: MessageEvent<ContractMessage>) => {
  const { id, request } = event.data;
  const reply: ContractReply = { id, outcome: runCheck(request) };
  self.postMessage(reply);
  if (!intlWarmScheduled) {
    intlWarmScheduled = true;
    setTimeout(warmIntl, 0);
  }
};
