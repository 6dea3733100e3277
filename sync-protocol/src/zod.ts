import { z } from 'zod';

/*
 * The one place sync-protocol (and the web app, through it) gets zod from. In a browser or a
 * service worker zod must not probe or compile with `new Function`: the app's CSP has no
 * 'unsafe-eval', and the probe alone raises a securitypolicyviolation even though zod catches
 * it. Zod reads this flag when each schema is created, so it is set here, before any schema
 * module runs. Node keeps zod's JIT, which the server's push validation benefits from.
 */
const scope = globalThis as { document?: unknown; WorkerGlobalScope?: unknown };
z.config({ jitless: scope.document !== undefined || scope.WorkerGlobalScope !== undefined });

export { z };
