import { describe, expect, it } from 'vitest';
import type { OffThreadMessage, OffThreadReply } from '../lib/off-thread.js';
import type { CompressOutcome } from './photo-compress-options.js';
import { createImageCompressor } from './photo-compress.js';

/** A stand-in for photo-compress.worker.ts: answers each image as `answer` says, a task later. */
class FakeWorker {
  onmessage: ((event: MessageEvent<OffThreadReply<CompressOutcome>>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  readonly received: Blob[] = [];
  terminated = false;

  constructor(private readonly answer: ((image: Blob) => CompressOutcome) | 'fail') {}

  postMessage(message: OffThreadMessage<Blob>): void {
    this.received.push(message.request);
    setTimeout(() => {
      if (this.answer === 'fail') {
        this.onerror?.({ preventDefault: () => undefined } as ErrorEvent);
        return;
      }
      const outcome = this.answer(message.request);
      this.onmessage?.({ data: { id: message.id, outcome } } as MessageEvent<
        OffThreadReply<CompressOutcome>
      >);
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}

const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' });
const small = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

/** This thread's compressor, counting its calls. */
function here() {
  const calls: Blob[] = [];
  const compress = (image: Blob) => {
    calls.push(image);
    return Promise.resolve(new Blob([image.slice(0, 4)], { type: image.type }));
  };
  return { calls, compress };
}

describe('createImageCompressor', () => {
  it('compresses in the worker, and not on this thread, when the worker can', async () => {
    const worker = new FakeWorker(() => ({ ok: true, image: small }));
    const local = here();
    const compress = createImageCompressor(() => worker as unknown as Worker, local.compress);
    await expect(compress(photo)).resolves.toBe(small);
    expect(worker.received).toEqual([photo]);
    expect(local.calls).toEqual([]);
  });

  it('compresses here an image the worker could not, and every later one', async () => {
    const worker = new FakeWorker(() => ({ ok: false }));
    const local = here();
    const compress = createImageCompressor(() => worker as unknown as Worker, local.compress);
    expect((await compress(photo)).size).toBe(4);
    expect((await compress(photo)).size).toBe(4);
    expect(local.calls).toEqual([photo, photo]);
    // A worker that cannot draw is not asked again: each photo would be read twice for nothing.
    expect(worker.received).toEqual([photo]);
    expect(worker.terminated).toBe(true);
  });

  it('compresses on this thread from the moment the worker fails, that photo included', async () => {
    const worker = new FakeWorker('fail');
    const local = here();
    const compress = createImageCompressor(() => worker as unknown as Worker, local.compress);
    expect((await compress(photo)).size).toBe(4);
    expect((await compress(photo)).size).toBe(4);
    expect(worker.terminated).toBe(true);
    expect(worker.received).toHaveLength(1);
    expect(local.calls).toHaveLength(2);
  });

  it('compresses on this thread where there is no worker, and says so when it cannot', async () => {
    const failing = createImageCompressor(null, () => Promise.reject(new Error('not an image')));
    await expect(failing(photo)).rejects.toThrow('not an image');
    const local = here();
    await expect(createImageCompressor(null, local.compress)(photo)).resolves.toHaveProperty(
      'size',
      4,
    );
  });
});
