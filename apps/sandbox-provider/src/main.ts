import { buildSandbox } from './app.ts';
import { loadSandboxConfig, SandboxConfigError } from './config.ts';

const SHUTDOWN_GRACE_MS = 5_000;

async function main(): Promise<void> {
  const config = loadSandboxConfig();
  const app = await buildSandbox(config);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'sandbox provider shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ publicUrl: config.publicUrl, serverUrl: config.serverUrl }, 'sandbox provider ready');
}

main().catch((error: unknown) => {
  console.error(error instanceof SandboxConfigError ? error.message : error);
  process.exit(1);
});
