import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for single sign-on tests, with one
 * confidential client that must use PKCE. Its interaction step shows no form: it signs in
 * whichever account `account()` names at that moment, with that address as its `email` (and
 * `sub`). An account whose name starts with "belum." has `email_verified: false`.
 *
 * Used by the API's tests (routes/sso) and by the browser test of the same flow
 * (web/e2e/sso.e2e.test.ts), which must know the provider's address before the app starts and
 * the app's before the provider knows its client: hence `listen` first, `serve` after.
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Starts answering, for a client that is sent back to `redirectUri`. */
  serve(redirectUri: string, options?: { codeTtlSeconds?: number }): void;
  close(): Promise<void>;
}

export async function listenTestProvider(account: () => string): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'urs-test';
  const clientSecret = 'urs-test-secret';
  return {
    issuer,
    clientId,
    clientSecret,
    serve(redirectUri, { codeTtlSeconds } = {}) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        pkce: { required: () => true },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        claims: { email: ['email', 'email_verified'], profile: ['name'] },
        ...(codeTtlSeconds !== undefined && { ttl: { AuthorizationCode: codeTtlSeconds } }),
        findAccount: (_ctx, sub) => ({
          accountId: sub,
          claims: () => ({
            sub,
            email: sub,
            email_verified: !sub.startsWith('belum.'),
            name: `Akun ${sub.split('@')[0] ?? ''}`,
          }),
        }),
      });
      const callback = provider.callback();
      server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
        if (req.url?.startsWith('/interaction/') !== true) {
          void callback(req, res);
          return;
        }
        void (async () => {
          const details = await provider.interactionDetails(req, res);
          const grant = new provider.Grant({ accountId: account(), clientId });
          grant.addOIDCScope('openid email profile');
          const grantId = await grant.save();
          await provider.interactionFinished(
            req,
            res,
            details.prompt.name === 'login'
              ? { login: { accountId: account() } }
              : { consent: { grantId } },
            { mergeWithLastSubmission: true },
          );
        })();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows the provider's redirects from `url` as a browser would (its cookies kept), until the
 * provider sends it to `until`; returns that address.
 */
export async function followProvider(url: string, until: string): Promise<string> {
  const cookies = new Map<string, string>();
  let at = url;
  for (let hop = 0; hop < 12; hop++) {
    if (at.startsWith(until)) return at;
    const res = await fetch(at, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (location === null)
      throw new Error(`provider stopped at ${at}: ${res.status} ${await res.text()}`);
    at = new URL(location, at).href;
  }
  throw new Error('too many redirects');
}
