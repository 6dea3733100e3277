import net from 'node:net';

/**
 * A TCP relay on 127.0.0.1 in front of the photo store, which the API processes are pointed at:
 * `cut()` closes its port and every connection through it, as a store gone from the network
 * (connections refused); `restore()` listens on the same port again. The store keeps its files.
 */
export interface Relay {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startRelay(targetPort: number): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(targetPort, '127.0.0.1');
    sockets.add(inbound);
    sockets.add(outbound);
    const drop = () => {
      inbound.destroy();
      outbound.destroy();
      sockets.delete(inbound);
      sockets.delete(outbound);
    };
    inbound.on('error', drop).on('close', drop);
    outbound.on('error', drop).on('close', drop);
    inbound.pipe(outbound).pipe(inbound);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) {
        resolve();
        return;
      }
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    });
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return { port, cut: close, restore: () => listen(port), close };
}
