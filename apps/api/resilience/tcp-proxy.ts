import net from 'node:net';

/**
 * "The database is down" without touching the PostgreSQL server, which other test runs on this
 * machine share (docs/decisions/0007-fault-tests-through-a-proxy.md): the API connects through
 * this proxy, and `cut()` does to it what a stopped server does — every open connection dies and
 * new ones are refused — until `restore()`.
 */
export type TcpProxy = {
  port: number;
  cut: () => Promise<void>;
  restore: () => Promise<void>;
  close: () => Promise<void>;
  /** Connections the proxy carried so far (a sanity check that the app really goes through it). */
  connections: () => number;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let total = 0;
  let server: net.Server | undefined;

  const onConnection = (client: net.Socket) => {
    total++;
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      // Either side failing ends the pair; errors are expected here, not crashes.
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = net.createServer(onConnection);
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve((s.address() as net.AddressInfo).port);
      });
    });

  const port = await listen(0);

  const cut = async () => {
    const s = server;
    server = undefined;
    // Closing the listener first: a connection attempt from now on is refused (ECONNREFUSED).
    const closed = s ? new Promise<void>((resolve) => s.close(() => resolve())) : Promise.resolve();
    for (const sock of sockets) sock.destroy();
    await closed;
  };

  return {
    port,
    cut,
    restore: async () => {
      if (!server) await listen(port);
    },
    close: cut,
    connections: () => total,
  };
}
