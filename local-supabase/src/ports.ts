import net from 'node:net';

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly what: string,
    readonly envVar: string,
  ) {
    super(
      `Port ${port} (${what}) is already in use. Stop whatever holds it (\`lsof -i :${port}\` or \`fuser -k ${port}/tcp\`), ` +
        `or choose another port with ${envVar}=<port>.`,
    );
  }
}

/** Resolves when the port can be bound on host; rejects with PortInUseError otherwise. */
export function assertPortFree(host: string, port: number, what: string, envVar: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' || err.code === 'EACCES' ? new PortInUseError(port, what, envVar) : err);
    });
    srv.listen(port, host, () => srv.close(() => resolve()));
  });
}
