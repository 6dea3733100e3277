/// <reference lib="webworker" />
import imageCompression from 'browser-image-compression';
import type { OffThreadMessage, OffThreadReply } from '../lib/off-thread.js';
import { asFile, COMPRESSION_OPTIONS, type CompressOutcome } from './photo-compress-options.js';

/*
 * Shrinks the photos a user picks off the main thread: decoding a 12 MP photo, scaling it and
 * encoding it again is seconds of a phone's CPU, which on the page froze the form, and shared
 * the thread with a sync running at the same time. In a worker the library draws on an
 * OffscreenCanvas (it checks for a worker scope itself).
 */
declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (event: MessageEvent<OffThreadMessage<Blob>>) => {
  const { id, request } = event.data;
  let outcome: CompressOutcome;
  try {
    outcome = { ok: true, image: await imageCompression(asFile(request), COMPRESSION_OPTIONS) };
  } catch {
    // A decoder or canvas this worker lacks: the page tries on its own thread, and says why.
    outcome = { ok: false };
  }
  const reply: OffThreadReply<CompressOutcome> = { id, outcome };
  try {
    self.postMessage(reply);
  } catch {
    // An image that cannot be sent back: the page, waiting for this id, does the work itself.
    const failed: OffThreadReply<CompressOutcome> = { id, outcome: { ok: false } };
    self.postMessage(failed);
  }
};
