import { useEffect, useState } from 'react';

type Health = { status: 'checking' } | { status: 'ok' } | { status: 'error'; message: string };

/**
 * Placeholder until the PWA shell lands: proves the build is served by the API on the same
 * origin, under its Content-Security-Policy, and that the API answers.
 */
export function App() {
  const [health, setHealth] = useState<Health>({ status: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/health', { signal: controller.signal })
      .then((res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        setHealth({ status: 'ok' });
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) {
          setHealth({ status: 'error', message: err instanceof Error ? err.message : String(err) });
        }
      });
    return () => controller.abort();
  }, []);

  return (
    <main
      style={{
        fontFamily: 'system-ui, sans-serif',
        maxWidth: '40rem',
        margin: '4rem auto',
        padding: '0 1rem',
      }}
    >
      <h1>URS</h1>
      <p>Aplikasi operasional sekolah: laporan, inventaris, dan pengumuman.</p>
      <p data-testid="api-status">
        {health.status === 'checking' && 'Memeriksa server…'}
        {health.status === 'ok' && 'Server tersambung.'}
        {health.status === 'error' && `Server tidak dapat dihubungi (${health.message}).`}
      </p>
    </main>
  );
}
