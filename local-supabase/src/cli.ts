import net from 'node:net';
import { loadConfig } from './config.ts';
import { wipeData } from './db.ts';
import { PortInUseError } from './ports.ts';
import { startStack, statusLines } from './stack.ts';

function isListening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

async function runStack(): Promise<void> {
  const t0 = Date.now();
  const config = loadConfig();
  const stack = await startStack(config);
  console.log(`local Supabase ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  for (const l of statusLines(config)) console.log(l);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping local Supabase`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // When started by a parent that dies (npm start killed), stop too instead of orphaning PostgreSQL.
  process.on('disconnect', () => void stop('parent exited'));
}

async function main(): Promise<void> {
  const cmd = process.argv[2];
  const config = loadConfig();
  if (cmd === 'stack') return runStack();
  if (cmd === 'status') {
    for (const l of statusLines(config)) console.log(l);
    const up = await isListening(config.host, config.apiPort);
    console.error(
      up
        ? `local Supabase is running at ${config.apiUrl}`
        : 'local Supabase is not running (npm run stack or npm start)',
    );
    return;
  }
  if (cmd === 'db-reset') {
    if (await isListening(config.host, config.dbPort)) {
      console.error(
        `The database on port ${config.dbPort} is running: stop \`npm start\`/\`npm run stack\` first, then run \`npm run db:reset\` again.`,
      );
      process.exit(1);
    }
    wipeData(config);
    const stack = await startStack(config);
    await stack.stop();
    console.log('database rebuilt from supabase/migrations and supabase/seed.sql');
    return;
  }
  console.error('usage: local-supabase stack | status | db-reset');
  process.exit(2);
}

main().catch((err) => {
  if (err instanceof PortInUseError) console.error(err.message);
  else console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
