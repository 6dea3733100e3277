import { useEffect, useRef } from 'react';
import { isPushArrivedMessage, openPathOf } from './constants.js';

export interface WorkerMessageHandlers {
  /** A notification was tapped (sw.ts): go to its screen. */
  onOpenPath: (path: string) => void;
  /** A push arrived: what it announced should come now. */
  onPushArrived: () => void;
}

/**
 * What the service worker tells the signed-in app (decision 031), heard while the shell is
 * drawn: a tapped notification's screen is reached by the router, so a form's leave guard
 * holds, and a push starts a sync. Loaded with the shell, not the first download.
 */
export function useWorkerMessages(handlers: WorkerMessageHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      const path = openPathOf(event.data);
      if (path !== null) latest.current.onOpenPath(path);
      else if (isPushArrivedMessage(event.data)) latest.current.onPushArrived();
    };
    container.addEventListener('message', onMessage);
    // Messages sent before the page listened (a tap that opened the app) are held until now.
    container.startMessages();
    return () => container.removeEventListener('message', onMessage);
  }, []);
}
