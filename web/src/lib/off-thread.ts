/** What the page sends a worker: one request, numbered so its reply finds the caller. */
export interface OffThreadMessage<Request> {
  id: number;
  request: Request;
}

/** What the worker sends back for it. */
export interface OffThreadReply<Outcome> {
  id: number;
  outcome: Outcome;
}

export interface OffThread<Request, Outcome> {
  /** The outcome from the worker, or from `here` when there is no working worker. */
  run(request: Request): Promise<Outcome>;
  /** Starts the worker if it can be; false when the work will be done on this thread. */
  start(): boolean;
  /** Ends the worker: this request and every later one are run here (see `offThread`). */
  stop(): void;
}

/**
 * Runs requests in one module worker, made on first use, and `here` (on this thread) when no
 * worker can be made. A worker that fails to start or to answer (an old browser, a script the
 * network could not bring) leaves every waiting and later request to `here`, and a request the
 * structured clone cannot copy is run here too: no request is ever lost to the worker.
 */
export function offThread<Request, Outcome>(
  makeWorker: (() => Worker) | null,
  here: (request: Request) => Promise<Outcome>,
): OffThread<Request, Outcome> {
  let worker: Worker | null = null;
  let broken = makeWorker === null;
  let nextId = 1;
  const waiting = new Map<
    number,
    { request: Request; settle: (outcome: Promise<Outcome>) => void }
  >();

  const giveUp = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    for (const { request, settle } of waiting.values()) settle(here(request));
    waiting.clear();
  };

  const started = (): Worker | null => {
    if (broken || makeWorker === null) return null;
    if (worker !== null) return worker;
    try {
      worker = makeWorker();
    } catch {
      giveUp();
      return null;
    }
    worker.onmessage = (event: MessageEvent<OffThreadReply<Outcome>>) => {
      const entry = waiting.get(event.data.id);
      if (entry === undefined) return;
      waiting.delete(event.data.id);
      entry.settle(Promise.resolve(event.data.outcome));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      giveUp();
    };
    worker.onmessageerror = giveUp;
    return worker;
  };

  return {
    start: () => started() !== null,
    stop: giveUp,
    run(request) {
      const target = started();
      if (target === null) return here(request);
      const id = nextId++;
      return new Promise<Outcome>((resolve, reject) => {
        const settle = (p: Promise<Outcome>) => void p.then(resolve, reject);
        waiting.set(id, { request, settle });
        const message: OffThreadMessage<Request> = { id, request };
        try {
          target.postMessage(message);
        } catch {
          // A value the structured clone cannot copy: run it here instead.
          waiting.delete(id);
          settle(here(request));
        }
      });
    },
  };
}
