import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, NetworkError, type FetchLike } from './api-client.js';

function recordingFetch(respond: (request: Request) => Response | Promise<Response>) {
  const seen: Request[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push(request);
    return respond(request);
  };
  return { fetch, seen };
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  it('sends the current bearer token on every call', async () => {
    let token: string | null = 'first';
    const { fetch, seen } = recordingFetch(() => jsonResponse(200, { ok: true }));
    const api = createApiClient({ baseUrl: 'http://urs.test/', getToken: () => token, fetch });
    await api.json('GET', 'api/user');
    token = 'second';
    await api.json('GET', 'api/user');
    token = null;
    await api.json('GET', 'api/user');
    expect(seen.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer first',
      'Bearer second',
      null,
    ]);
    expect(seen[0]?.url).toBe('http://urs.test/api/user');
  });

  it('turns an error answer into ApiError with status, message, errors and code', async () => {
    const { fetch } = recordingFetch(() =>
      jsonResponse(409, {
        message: 'Server menunggu nomor 3.',
        code: 'seq_gap',
        expected_seq: 3,
        errors: { seq: ['x'] },
      }),
    );
    const api = createApiClient({ baseUrl: 'http://urs.test/', getToken: () => 't', fetch });
    const error = await api.json('POST', 'api/sync/push', {}).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'Server menunggu nomor 3.',
      code: 'seq_gap',
      errors: { seq: ['x'] },
      body: { expected_seq: 3 },
    });
  });

  it('falls back to a message by status when the error body is not JSON', async () => {
    const { fetch } = recordingFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502 }),
    );
    const api = createApiClient({ baseUrl: 'http://urs.test/', getToken: () => 't', fetch });
    await expect(api.json('GET', 'api/user')).rejects.toMatchObject({
      status: 502,
      message: 'Terjadi kesalahan pada server. Silakan coba lagi.',
    });
  });

  it('asks a pull page to skip the count of what is left only when told to', async () => {
    const { fetch, seen } = recordingFetch(() => jsonResponse(200, {}));
    const api = createApiClient({ baseUrl: 'http://urs.test/', getToken: () => 't', fetch });
    for (const remaining of [undefined, 'count', 'skip'] as const) {
      await api.pull('40', 500, remaining).catch(() => undefined);
    }
    expect(seen.map((r) => new URL(r.url).search)).toEqual([
      '?cursor=40&limit=500',
      '?cursor=40&limit=500',
      '?cursor=40&limit=500&remaining=skip',
    ]);
  });

  it('reports no answer at all as NetworkError', async () => {
    const fetch: FetchLike = () => Promise.reject(new TypeError('fetch failed'));
    const api = createApiClient({ baseUrl: 'http://urs.test/', getToken: () => 't', fetch });
    await expect(api.pull('', 10)).rejects.toBeInstanceOf(NetworkError);
  });

  it('uploads photo bytes with their type and hash headers', async () => {
    const { fetch, seen } = recordingFetch(async (request) => {
      const bytes = new Uint8Array(await request.arrayBuffer());
      return jsonResponse(201, {
        id: 'p1',
        sha256: 'abc',
        mime_type: 'image/jpeg',
        size_bytes: bytes.length,
      });
    });
    const api = createApiClient({ baseUrl: 'http://urs.test/', getToken: () => 't', fetch });
    const receipt = await api.putPhoto({
      id: 'p1',
      bytes: new Uint8Array([0xff, 0xd8, 0xff, 0]).buffer,
      mime_type: 'image/jpeg',
      sha256: 'abc',
    });
    expect(receipt).toEqual({ id: 'p1', sha256: 'abc', mime_type: 'image/jpeg', size_bytes: 4 });
    expect(seen[0]?.method).toBe('PUT');
    expect(seen[0]?.headers.get('content-type')).toBe('image/jpeg');
    expect(seen[0]?.headers.get('x-content-sha256')).toBe('abc');
  });

  it('posts a multipart form with its own boundary and reads the JSON answer', async () => {
    const { fetch, seen } = recordingFetch(async (request) => {
      const form = await request.formData();
      const photo = form.get('photo');
      return jsonResponse(201, {
        description: form.get('description'),
        photo: photo instanceof Blob ? photo.size : null,
      });
    });
    const api = createApiClient({ baseUrl: 'http://urs.test/', getToken: () => null, fetch });
    const body = new FormData();
    body.set('description', 'Keran bocor');
    body.set('photo', new Blob([new Uint8Array(12)], { type: 'image/jpeg' }), 'foto.jpg');
    expect(await api.postForm('api/public/posters/x/reports', body)).toEqual({
      description: 'Keran bocor',
      photo: 12,
    });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.headers.get('authorization')).toBeNull();
  });

  it("gives a photo's upload the time its caller names, and other calls the usual timeout", async () => {
    // Answers after 300 ms, as over a weak signal.
    const slow: FetchLike = async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const bytes = (await request.arrayBuffer()).byteLength;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return jsonResponse(201, {
        id: 'p1',
        sha256: 'abc',
        mime_type: 'image/jpeg',
        size_bytes: bytes,
      });
    };
    const api = createApiClient({
      baseUrl: 'http://urs.test/',
      getToken: () => 't',
      fetch: slow,
      timeoutMs: 100,
    });
    await expect(api.json('GET', 'api/user')).rejects.toBeInstanceOf(NetworkError);
    const photo = (bytes: number) => ({
      id: 'p1',
      bytes: new Uint8Array(bytes).buffer,
      mime_type: 'image/jpeg' as const,
      sha256: 'abc',
    });
    const receipt = await api.putPhoto(photo(2048), 600);
    expect(receipt.size_bytes).toBe(2048);
    // An upload whose time is up still fails, to be retried later.
    await expect(api.putPhoto(photo(0), 100)).rejects.toBeInstanceOf(NetworkError);
  });

  it('refuses a 2xx push answer that breaks the contract', async () => {
    const { fetch } = recordingFetch(() => jsonResponse(200, { results: 'nope' }));
    const api = createApiClient({ baseUrl: 'http://urs.test/', getToken: () => 't', fetch });
    await expect(
      api.push({
        protocol_version: 1,
        client_id: '0190a0b0-0000-7000-8000-000000000001',
        mutations: [],
      }),
    ).rejects.toMatchObject({
      name: 'UnexpectedResponseError',
      message: 'Jawaban server tidak dikenali.',
      detail: 'push answer breaks the contract',
    });
  });
});
