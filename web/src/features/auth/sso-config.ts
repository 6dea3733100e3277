import { useEffect, useState } from 'react';
import { api } from '../../client/api.js';
import { parseSsoConfig, type SsoConfig } from './sso-redirect.js';

/**
 * `GET /api/auth/sso` once per visit; null while asking, or when asking failed (offline).
 *
 * Asked in a task of its own, after the one in which React runs the screen's effects: it is the
 * page's first request through ky, whose first options merge and `fetch` made that task 15-25 ms
 * longer at Lighthouse's 4x CPU on this machine (one of the login page's two longest tasks after
 * its paint). The button appears a moment later, as it already did after the answer.
 */
export function useSsoConfig(wanted: boolean): SsoConfig | null {
  const [config, setConfig] = useState<SsoConfig | null>(null);
  useEffect(() => {
    if (!wanted) return undefined;
    let active = true;
    const ask = setTimeout(() => {
      api.json('GET', 'api/auth/sso').then(
        (body) => {
          if (active) setConfig(parseSsoConfig(body));
        },
        () => {
          // No answer: the email form still works, so the button simply stays away.
        },
      );
    }, 0);
    return () => {
      active = false;
      clearTimeout(ask);
    };
  }, [wanted]);
  return config;
}
